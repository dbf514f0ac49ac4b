import type { FastifyReply, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import type { ZodType } from 'zod'
import { documentChecker } from './document-check.ts'
import { isFastReply } from './fast-replies.ts'

/**
 * Checks every reply of a documented route against the published OpenAPI document, as a
 * strict client would (document-check.ts, Ajv): its status is listed, its `Content-Type` is
 * a documented media type, its JSON body matches the documented schema; errors and
 * successes alike, so the document cannot drift from what the API answers. A fast reply
 * (fast-replies.ts) must also be, to the byte, what zod's encode would have written. A
 * reply that fails becomes a 500 that names the mismatch, which fails the test that got
 * it. On in tests (`checkReplies`).
 */
export const replyCheckPlugin = fp(
  async (app) => {
    // What a fast reply was written from, to hold it against zod's encode of the same data.
    const sent = new WeakMap<FastifyReply, unknown>()
    // Built at the first reply: requests are served after ready, when @fastify/swagger has the document.
    // Null in an app without @fastify/swagger (unit probes): only the fast-reply check then.
    let checker: ReturnType<typeof documentChecker> | null | undefined
    app.addHook('preSerialization', async (_request, reply, payload) => {
      sent.set(reply, payload)
      return payload
    })
    app.addHook('onSend', async (request, reply, payload) => {
      const routeUrl = request.routeOptions.url
      if (!routeUrl || request.method === 'HEAD') return payload
      checker ??= app.hasDecorator('swagger') ? documentChecker(app.swagger() as unknown as Parameters<typeof documentChecker>[0]) : null
      const documented = (request.routeOptions.schema?.response as Record<string, ZodType> | undefined)?.[reply.statusCode]
      if (reply.statusCode < 400 && isFastReply(documented) && typeof payload === 'string') {
        // A fast reply must be, to the byte, what zod's encode would have written.
        const encoded = documented.safeEncode(sent.get(reply))
        const expected = encoded.success ? JSON.stringify(encoded.data) : undefined
        if (expected !== payload)
          return undocumented(
            request,
            reply,
            payload,
            encoded.success ? `fast reply differs from zod's: ${expected}` : encoded.error.message,
          )
      }
      if (!checker) return payload
      const contentType = reply.getHeader('content-type')
      const problem = checker.problemOf({
        method: request.method,
        routeUrl,
        status: reply.statusCode,
        contentType: typeof contentType === 'string' ? contentType : undefined,
        body: typeof payload === 'string' ? payload : Buffer.isBuffer(payload) ? undefined : payload == null ? '' : undefined,
      })
      return problem ? undocumented(request, reply, String(typeof payload === 'string' ? payload : '<stream>'), problem) : payload
    })
  },
  { name: 'reply-check' },
)

/** The 500 that replaces a reply that does not match its schema, naming the mismatch. */
function undocumented(request: FastifyRequest, reply: FastifyReply, payload: string, problem: string): string {
  const where = `${request.method} ${request.routeOptions.url} answered ${reply.statusCode} ${payload.slice(0, 2000)}`
  request.log.error({ where, problem }, 'reply does not match its documented schema')
  reply.code(500).type('application/json; charset=utf-8')
  return JSON.stringify({
    code: 0,
    msg: 'unknown error',
    data: { message: `undocumented reply: ${where}: ${problem}`, requestId: request.id },
  })
}
