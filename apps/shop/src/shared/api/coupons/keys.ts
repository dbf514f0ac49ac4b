/** Parent key of everything about the buyer's coupons: claiming or ordering invalidates it. */
export const couponsKey = ['coupons'] as const
