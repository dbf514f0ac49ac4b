/** Parent keys of the buyer's and the merchant's orders: an order mutation invalidates its side's. */
export const ordersKey = ['orders'] as const
export const shopOrdersKey = ['shopOrders'] as const
