/** The operators' console limits (no zod): admin.ts builds its schemas from them; the console imports them from here. */

/** Longest user search text (e-mail or nickname), in characters. */
export const userQueryMaxLength = 100
