import type { FastifyReply, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import type { ZodType } from 'zod'
import { isFastReply } from './fast-replies.ts'

/**
 * Checks every error reply against the schema its route documents for that status (the
 * route groups add them from the route's error keys), so the published OpenAPI document
 * cannot drift from what the API answers. A reply that does not match becomes a 500 that
 * names the mismatch. On in tests (`checkReplies`); success replies are already checked by
 * the zod serializer, except fast ones (fast-replies.ts), which must equal zod's encode.
 */
export const replyCheckPlugin = fp(
  async (app) => {
    // What a fast reply was written from, to hold it against zod's encode of the same data.
    const sent = new WeakMap<FastifyReply, unknown>()
    app.addHook('preSerialization', async (_request, reply, payload) => {
      sent.set(reply, payload)
      return payload
    })
    app.addHook('onSend', async (request, reply, payload) => {
      if (typeof payload !== 'string' || !request.routeOptions.url) return payload
      const documented = (request.routeOptions.schema?.response as Record<string, ZodType> | undefined)?.[reply.statusCode]
      if (reply.statusCode < 400) {
        // A fast reply (fast-replies.ts) must be, to the byte, what zod's encode would have written.
        if (!isFastReply(documented)) return payload
        const encoded = documented.safeEncode(sent.get(reply))
        const expected = encoded.success ? JSON.stringify(encoded.data) : undefined
        if (expected === payload) return payload
        return undocumented(request, reply, payload, encoded.success ? `fast reply differs from zod's: ${expected}` : encoded.error.message)
      }
      let problem: string | undefined
      if (!documented) problem = `status ${reply.statusCode} is not documented`
      else {
        const parsed = documented.safeParse(JSON.parse(payload))
        if (!parsed.success) problem = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')
      }
      return problem ? undocumented(request, reply, payload, problem) : payload
    })
  },
  { name: 'reply-check' },
)

/** The 500 that replaces a reply that does not match its schema, naming the mismatch. */
function undocumented(request: FastifyRequest, reply: FastifyReply, payload: string, problem: string): string {
  const where = `${request.method} ${request.routeOptions.url} answered ${reply.statusCode} ${payload}`
  request.log.error({ where, problem }, 'reply does not match its documented schema')
  reply.code(500)
  return JSON.stringify({
    code: 0,
    msg: 'unknown error',
    data: { message: `undocumented reply: ${where}: ${problem}`, requestId: request.id },
  })
}
