import { z } from 'zod'

/**
 * Reply codes (ARCHITECTURE.md, Replies): 1 success, 0 failure, 401 not logged in,
 * 406 payment password not set.
 */
export const ReplyCode = { ok: 1, fail: 0, unauthorized: 401, paymentPasswordMissing: 406 } as const

/** The envelope every JSON reply has: `{code, msg, data}`; `msg` is 'ok' or an error key. */
export type Reply<T> = { code: number; msg: string; data: T }

/** Zod schema of a success envelope around `data` (used for OpenAPI and reply validation). */
export function okReply<T extends z.ZodType>(data: T) {
  return z.object({ code: z.literal(1), msg: z.string(), data })
}

/** Zod schema of a failure envelope. `data` is null or field details. */
export const errorReply = z.object({ code: z.number().int(), msg: z.string(), data: z.unknown() })
