import { errorStatus, isErrorKey } from '@bazaar/contract/errors'
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod'
import { AppError } from './errors.ts'
import { translateError } from './i18n.ts'

/** Wraps a success value in the reply envelope (code 1). */
export function ok<T>(data: T): { code: 1; msg: 'ok'; data: T } {
  return { code: 1, msg: 'ok', data }
}

declare module 'fastify' {
  interface FastifyReply {
    /** The error key this reply answered, if it is a failure (the metrics count errors by it). */
    errorKey: string | undefined
  }
}

/** Envelope code for an HTTP status: 401 and 406 keep theirs, every other failure is 0. */
function replyCode(status: number): number {
  return status === 401 || status === 406 ? status : 0
}

function send(request: FastifyRequest, reply: FastifyReply, key: string, status: number, details?: Record<string, unknown>) {
  const lang = request.headers.lang
  const message = translateError(key, Array.isArray(lang) ? lang[0] : lang)
  // Error replies are written as they are: the route's documented error schemas describe
  // them for OpenAPI and the reply check (tests), they never rewrite them.
  // An error is never worth keeping in a cache, whatever route (or none) answered it.
  if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store')
  reply.errorKey = key
  // The request id (also in the X-Request-Id header) lets a person quote the failure and an
  // operator find every log line of it, on whichever node served it (README, Operations).
  // The own serializer skips Fastify's, and with it the Content-Type it would set: without
  // this line every error went out unlabelled, unreadable to strict clients (issue 24).
  return reply
    .status(status)
    .type('application/json; charset=utf-8')
    .serializer((payload) => JSON.stringify(payload))
    .send({ code: replyCode(status), msg: key, data: { message, ...details, requestId: request.id } })
}

/**
 * The one place that maps errors to replies (STYLE.md, Errors are keys): an AppError
 * answers its key and status; a schema failure answers the key its schema names, or
 * 'Invalid parameters', with the fields at fault; Fastify's own 4xx (bad JSON, too large)
 * answer 'Invalid parameters'; anything else is logged and answers 'unknown error'. Every
 * failure's `data` holds `message` (the key translated), any details, and `requestId`.
 */
export const replies = fp(async (app: FastifyInstance) => {
  app.decorateReply('errorKey', undefined)
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) return send(request, reply, error.key, error.statusCode, error.details)
    if (hasZodFastifySchemaValidationErrors(error)) {
      const issues = error.validation.map((v) => ({ path: v.instancePath, key: v.message }))
      const named = issues.find((i) => isErrorKey(i.key))?.key ?? 'Invalid parameters'
      const fields = Object.fromEntries(
        issues.map((i) => [i.path.replace(/^\//, '').replaceAll('/', '.') || '_', isErrorKey(i.key) ? i.key : 'Invalid parameters']),
      )
      return send(request, reply, named, errorStatus[named as keyof typeof errorStatus] ?? 400, { fields })
    }
    if (error.statusCode === 429) return send(request, reply, 'Too many requests', 429)
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500)
      return send(request, reply, 'Invalid parameters', error.statusCode)
    request.log.error({ err: error }, 'unhandled error')
    return send(request, reply, 'unknown error', 500)
  })
  app.setNotFoundHandler((request, reply) => send(request, reply, 'Route not found', 404))
})
