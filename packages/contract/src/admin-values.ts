/** The operators' console limits (no zod): admin.ts builds its schemas from them; the console imports them from here. */

/** Longest reason an operator gives for rejecting a recharge or a withdrawal, in characters. */
export const rejectReasonMaxLength = 500
/** Longest user search text (e-mail or nickname), in characters. */
export const userQueryMaxLength = 100
