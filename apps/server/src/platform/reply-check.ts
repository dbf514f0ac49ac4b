import fp from 'fastify-plugin'
import type { ZodType } from 'zod'

/**
 * Checks every error reply against the schema its route documents for that status (the
 * route groups add them from the route's error keys), so the published OpenAPI document
 * cannot drift from what the API answers. A reply that does not match becomes a 500 that
 * names the mismatch. On in tests (`checkReplies`); success replies are already checked by
 * the zod serializer.
 */
export const replyCheckPlugin = fp(
  async (app) => {
    app.addHook('onSend', async (request, reply, payload) => {
      if (reply.statusCode < 400 || typeof payload !== 'string' || !request.routeOptions.url) return payload
      const documented = (request.routeOptions.schema?.response as Record<string, ZodType> | undefined)?.[reply.statusCode]
      let problem: string | undefined
      if (!documented) problem = `status ${reply.statusCode} is not documented`
      else {
        const parsed = documented.safeParse(JSON.parse(payload))
        if (!parsed.success) problem = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')
      }
      if (!problem) return payload
      const where = `${request.method} ${request.routeOptions.url} answered ${reply.statusCode} ${payload}`
      request.log.error({ where, problem }, 'reply does not match its documented schema')
      reply.code(500)
      return JSON.stringify({
        code: 0,
        msg: 'unknown error',
        data: { message: `undocumented reply: ${where}: ${problem}`, requestId: request.id },
      })
    })
  },
  { name: 'reply-check' },
)
