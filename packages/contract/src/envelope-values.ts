/**
 * The reply envelope's plain values (no zod), for clients: envelope.ts holds its zod schemas.
 */

/**
 * Reply codes (ARCHITECTURE.md, Replies): 1 success, 0 failure, 401 not logged in,
 * 406 payment password not set.
 */
export const ReplyCode = { ok: 1, fail: 0, unauthorized: 401, paymentPasswordMissing: 406 } as const

/** The envelope every JSON reply has: `{code, msg, data}`; `msg` is 'ok' or an error key. */
export type Reply<T> = { code: number; msg: string; data: T }

/** The key clients use when no reply came (offline, timeout); it is translated like the catalogue's keys. */
export const networkErrorKey = 'Network Error'
/** The catalogue's key for anything unexpected (errors.ts). */
export const unknownErrorKey = 'unknown error'
