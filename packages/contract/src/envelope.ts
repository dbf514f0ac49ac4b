import { z } from 'zod'

// ReplyCode and the Reply type are zod-free: envelope-values.ts.

/** Zod schema of a success envelope around `data` (used for OpenAPI and reply validation). */
export function okReply<T extends z.ZodType>(data: T) {
  return z.object({ code: z.literal(1), msg: z.string(), data })
}

/** Zod schema of a failure envelope. `data` is null or field details. */
export const errorReply = z.object({ code: z.number().int(), msg: z.string(), data: z.unknown() })
