import type { FastifyInstance } from 'fastify'
import { type FastifyPluginAsyncZod, jsonSchemaTransform } from 'fastify-type-provider-zod'
import { z } from 'zod'
import type { Audience, RegisteredRoute } from './route-groups.ts'

/** The parts of an OpenAPI document that the split reads and writes. */
export interface OpenApiDocument {
  openapi: string
  info: { title: string; description?: string; [key: string]: unknown }
  paths: Record<string, Record<string, { security?: Record<string, unknown>[] }>>
  components?: { securitySchemes?: Record<string, unknown>; [key: string]: unknown }
  [key: string]: unknown
}

const titles: Record<Audience, { title: string; note: string }> = {
  public: { title: 'Bazaar API', note: '' },
  operator: {
    title: 'Bazaar operators API',
    note: "\n\nThe operators' console's routes, served only to operators (`admin-token`); the public routes are at /docs.",
  },
}

/**
 * The document one audience may read, cut from the full one that @fastify/swagger builds:
 * each operation stays if its route's group documents it for `audience` (the route
 * registry's `audience`), and only the security schemes its operations use are kept. The
 * public document at /docs so never lists the console's routes; operators fetch theirs from
 * `GET /api/admin/openapi.json`.
 * @param full the whole document (`app.swagger()`); not changed
 */
export function documentFor(full: OpenApiDocument, registry: readonly RegisteredRoute[], audience: Audience): OpenApiDocument {
  const audienceOf = new Map(registry.map((r) => [`${r.method.toLowerCase()} ${r.url.replace(/:(\w+)/g, '{$1}')}`, r.audience]))
  const paths: OpenApiDocument['paths'] = {}
  const schemes = new Set<string>()
  for (const [path, operations] of Object.entries(full.paths)) {
    const kept = Object.entries(operations).filter(([method]) => (audienceOf.get(`${method} ${path}`) ?? 'public') === audience)
    if (kept.length === 0) continue
    paths[path] = Object.fromEntries(kept)
    for (const [, operation] of kept)
      for (const requirement of operation.security ?? []) for (const name of Object.keys(requirement)) schemes.add(name)
  }
  const securitySchemes = Object.fromEntries(Object.entries(full.components?.securitySchemes ?? {}).filter(([name]) => schemes.has(name)))
  return {
    ...full,
    info: { ...full.info, title: titles[audience].title, description: `${full.info.description ?? ''}${titles[audience].note}` },
    paths,
    components: { ...full.components, securitySchemes },
  }
}

/**
 * @fastify/swagger's `transform`: the zod schemas as JSON schemas (fastify-type-provider-zod),
 * except that an informational reply (1xx: the chat socket's 101 Switching Protocols) has
 * no body, so it is documented by its description and headers alone, with no media type.
 */
export const apiSchemaTransform: typeof jsonSchemaTransform = (input) => {
  const out = jsonSchemaTransform(input)
  nullableAlternatives(out.schema)
  const response = (out.schema as { response?: Record<string, { description?: string }> } | undefined)?.response
  if (response)
    for (const [status, schema] of Object.entries(response))
      if (status.startsWith('1'))
        response[status] = { type: 'null', description: schema.description, headers: informationalHeaders[status] } as typeof schema
  return out
}

/**
 * OpenAPI 3.0's `nullable` adds null only to the `type` beside it, while `anyOf` and
 * `oneOf` keep refusing it (3.0.3, Schema Object): zod writes a nullable union (a recalled
 * chat message's content) as `{nullable, type, anyOf}`, which a strict validator reads as
 * "never null". The first alternative is made nullable too, so the document says what the
 * API answers (found by the reply check, issue 24). Likewise a nullable `enum` lists null
 * among its values (3.0.3: `nullable` does not widen an `enum`), as a payout check not yet
 * made is null.
 */
function nullableAlternatives(node: unknown): void {
  if (Array.isArray(node)) {
    for (const item of node) nullableAlternatives(item)
    return
  }
  if (!node || typeof node !== 'object') return
  const schema = node as Record<string, unknown>
  if (schema.nullable === true && Array.isArray(schema.enum) && !schema.enum.includes(null)) schema.enum = [...schema.enum, null]
  for (const key of ['anyOf', 'oneOf'] as const) {
    const alternatives = schema[key]
    if (schema.nullable === true && Array.isArray(alternatives) && alternatives[0] && typeof alternatives[0] === 'object')
      alternatives[0] = { ...(alternatives[0] as object), nullable: true }
  }
  for (const value of Object.values(schema)) nullableAlternatives(value)
}

/** The headers an informational reply carries, by status. */
const informationalHeaders: Record<string, Record<string, { type: 'string'; description: string }>> = {
  '101': {
    Upgrade: { type: 'string', description: '`websocket`' },
    Connection: { type: 'string', description: '`Upgrade`' },
    'Sec-WebSocket-Accept': { type: 'string', description: 'The handshake answer (RFC 6455)' },
    'Sec-WebSocket-Protocol': { type: 'string', description: 'The application protocol chosen among those offered' },
  },
}

/** The document of one audience of a ready app: 'public' is what /docs serves, 'operator' what operators fetch. */
export function documentOf(app: FastifyInstance, audience: Audience): OpenApiDocument {
  return documentFor(app.swagger() as unknown as OpenApiDocument, app.routeRegistry, audience)
}

/** The operators' OpenAPI document as JSON (its shape is OpenAPI 3's; only the frame is checked). */
const OpenApiJson = z
  .looseObject({ openapi: z.string(), info: z.looseObject({ title: z.string() }), paths: z.record(z.string(), z.unknown()) })
  .describe('An OpenAPI 3 document')

/** `GET /openapi.json` of the operator group: the operators' document (operator guard; not at /docs). */
export const operatorDocumentRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/openapi.json',
    {
      schema: {
        tags: ['admin'],
        operationId: 'getOperatorOpenApi',
        summary: "The operators' API document (OpenAPI 3)",
        response: { 200: OpenApiJson },
      },
    },
    async () => documentOf(app, 'operator'),
  )
}
