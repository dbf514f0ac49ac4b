import { randomUUID } from 'node:crypto'
import type { IncomingMessage } from 'node:http'
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'

/** The header a request id comes in (from a load balancer or a client) and goes out in. */
export const requestIdHeader = 'x-request-id'

/**
 * A request id we accept from outside: 1–64 letters, digits, `.`, `_`, `:` or `-` (nginx's
 * `$request_id` is 32 hex digits, a UUID is 36 characters). Anything else (longer, spaces,
 * quotes, control characters) could forge or break log lines, so it is replaced.
 */
const wellFormed = /^[A-Za-z0-9._:-]{1,64}$/

/**
 * Fastify's `genReqId`: the incoming `X-Request-Id` when well formed, so one request keeps
 * its id across the load balancer and every node it reaches; otherwise a new UUID. Fastify
 * puts it in every log line of the request (`reqId`) and in `request.id`.
 */
export function requestIdOf(raw: IncomingMessage): string {
  const header = raw.headers[requestIdHeader]
  const incoming = Array.isArray(header) ? header[0] : header
  return incoming !== undefined && wellFormed.test(incoming) ? incoming : randomUUID()
}

/**
 * Sends the request id back on every reply (`X-Request-Id`), successes, errors, 404s and
 * static files alike; error envelopes carry it too, as `data.requestId` (platform/replies.ts).
 */
export const requestIdPlugin = fp(
  async (app: FastifyInstance) => {
    app.addHook('onRequest', async (request, reply) => {
      reply.header(requestIdHeader, request.id)
    })
  },
  { name: 'request-id' },
)
