import { type ErrorKey, errorStatus } from '@bazaar/contract/errors'
import { apiKeyHeader, permissionForOperation } from '@bazaar/contract/merchant-api-keys-values'
import type { FastifyInstance, FastifyPluginAsync, RouteOptions } from 'fastify'
import fp from 'fastify-plugin'
import { z } from 'zod'
import { type Access, accessErrors, guardFor, type SessionResolvers } from './access.ts'
import { errorKeysOf } from './schema-error-keys.ts'

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The error keys this route answers besides those of its group, its input check
     * ('Invalid parameters') and its rate limit ('Too many requests'); documented per status in
     * OpenAPI, and the API tests check every error reply against them.
     */
    errors?: readonly ErrorKey[]
  }
  interface FastifyInstance {
    /** Every route of every group, with its access and documented error keys (the route registry). */
    routeRegistry: RegisteredRoute[]
  }
}

/** One route as the registry lists it. */
export interface RegisteredRoute {
  method: string
  /** The full path with Fastify parameters, e.g. `/api/orders/:id`. */
  url: string
  group: string
  access: Access
  operationId: string
  /** Every key the route may answer, its group's and the implicit ones included. */
  errors: ErrorKey[]
  /** Which OpenAPI document shows it: the public one at /docs, or the operators' one. */
  audience: Audience
}

/** Who a route's documentation is for (platform/openapi.ts). */
export type Audience = 'public' | 'operator'

/** A set of routes with one guard and one URL prefix. */
export interface RouteGroup {
  /** Names the group in the registry and in errors, e.g. 'buyer'. */
  name: string
  access: Access
  prefix: string
  routes: FastifyPluginAsync[]
  /** 'operator': documented only in the operators' document, never at /docs (default 'public'). */
  audience?: Audience
}

/** OpenAPI security requirement per access: the API-key header schemes of `apiSecuritySchemes`. */
const securityByAccess: Record<Access, Record<string, string[]>[]> = {
  public: [],
  optional: [{}, { token: [] }],
  buyer: [{ token: [] }],
  merchant: [{ token: [] }],
  operator: [{ adminToken: [] }],
  either: [{ token: [] }, { adminToken: [] }],
  local: [{}, { adminToken: [] }],
}

/** The API-key header schemes that `securityByAccess` names (components.securitySchemes). */
export const apiSecuritySchemes = {
  token: { type: 'apiKey', in: 'header', name: 'token', description: 'A user session token from login or registration.' },
  adminToken: { type: 'apiKey', in: 'header', name: 'admin-token', description: "An operator session token from the console's login." },
  merchantApiKey: {
    type: 'apiKey',
    in: 'header',
    name: apiKeyHeader,
    description:
      "A merchant API key from the shop's integrations page: accepted only on the merchant routes its permissions open (the operation's description names the permission), 120 calls a minute per key.",
  },
} as const

/** The envelope code of an error status (ARCHITECTURE.md, Replies). */
const codeOfStatus = (status: number) => (status === 401 || status === 406 ? status : 0)

/**
 * Failure envelopes made so far, by status and keys: routes share most key sets, and making
 * each route's anew was a third of building the app (0.3 s of a start, BENCH G11). Zod
 * schemas are immutable, so one serves every route that answers those keys.
 */
const errorReplySchemas = new Map<string, z.ZodType>()

/** The documented failure envelope for the keys one status answers with. */
function errorReplySchema(status: number, keys: [ErrorKey, ...ErrorKey[]]): z.ZodType {
  const cacheKey = `${status} ${keys.join('\u0000')}`
  let schema = errorReplySchemas.get(cacheKey)
  if (!schema) {
    schema = newErrorReplySchema(status, keys)
    errorReplySchemas.set(cacheKey, schema)
  }
  return schema
}

function newErrorReplySchema(status: number, keys: [ErrorKey, ...ErrorKey[]]) {
  return z
    .object({
      code: z.literal(codeOfStatus(status)),
      msg: z.enum(keys).describe('A key of the error catalogue; clients translate it.'),
      data: z
        .object({
          message: z.string().describe('The key translated into the `lang` header’s language.'),
          requestId: z
            .string()
            .describe('The request’s id, as in the `X-Request-Id` reply header: quote it to find the request in the logs.'),
        })
        .catchall(z.unknown())
        .describe('`fields` names the fields at fault on invalid input.'),
    })
    .describe('Failure: `msg` is an error key.')
}

/**
 * Every key a route may answer: its own, its group's, and those of its input, rate limit and
 * failures. `readsBody`: a method Fastify reads a body for, which answers 'Invalid parameters'
 * to one that does not parse (an empty or broken JSON body) even where the route takes none.
 */
function errorsOf(route: RouteOptions, access: Access, readsBody: boolean): ErrorKey[] {
  const schema = route.schema ?? {}
  const keys = new Set<ErrorKey>([...(route.config?.errors ?? []), ...accessErrors[access], 'unknown error'])
  const inputs = [schema.body, schema.querystring, schema.params, schema.headers].filter(Boolean)
  if (inputs.length > 0 || readsBody) keys.add('Invalid parameters')
  for (const input of inputs) for (const key of errorKeysOf(input)) keys.add(key)
  if ((route.config as { rateLimit?: unknown } | undefined)?.rateLimit) keys.add('Too many requests')
  return [...keys]
}

/** The response schemas of the error statuses, keyed by status (`errorStatus` of each key). */
function errorResponses(keys: ErrorKey[], hasBody: boolean): Record<number, z.ZodType> {
  const byStatus = new Map<number, ErrorKey[]>()
  for (const key of keys) byStatus.set(errorStatus[key], [...(byStatus.get(errorStatus[key]) ?? []), key])
  // Fastify's own refusals of a body (too large, wrong content type) answer 'Invalid parameters'.
  if (hasBody) for (const status of [413, 415]) byStatus.set(status, [...(byStatus.get(status) ?? []), 'Invalid parameters'])
  return Object.fromEntries(
    [...byStatus].map(([status, statusKeys]) => [status, errorReplySchema(status, statusKeys as [ErrorKey, ...ErrorKey[]])]),
  )
}

/**
 * The route registry (decorated `app.routeRegistry`) and its completeness check: at ready,
 * every route that OpenAPI shows must belong to a group, so no route exists without a guard.
 * @throws Error at `ready()` naming the routes outside every group
 */
export const routeRegistryPlugin = fp(
  async (app) => {
    app.decorate('routeRegistry', [] as RegisteredRoute[])
    const shown: string[] = []
    app.addHook('onRoute', (route) => {
      if (route.schema?.hide || route.method === 'HEAD') return
      shown.push(`${route.method} ${route.url}`)
    })
    app.addHook('onReady', async () => {
      const grouped = new Set(app.routeRegistry.map((r) => `${r.method} ${r.url}`))
      const loose = shown.filter((r) => !grouped.has(r))
      if (loose.length > 0) throw new Error(`routes outside every route group (add them to src/routes.ts): ${loose.join(', ')}`)
    })
  },
  { name: 'route-registry' },
)

/**
 * Registers one route group: an `onRequest` guard for its access (platform/access.ts), and
 * for each route the OpenAPI security requirement, the documented error replies and its
 * registry entry. Replies are never stored by browsers or proxies (`Cache-Control:
 * no-store`): always in a group that reads sessions, and in a public group unless the route
 * chose its own caching (photos), so a login's token or a person's data is never cached.
 * @throws Error at registration for a route without `schema.operationId`
 */
export async function registerRouteGroup(app: FastifyInstance, group: RouteGroup, resolvers: SessionResolvers): Promise<void> {
  const guard = guardFor(group.access, resolvers)
  await app.register(
    async (scope) => {
      scope.addHook('onRoute', (route) => {
        if (route.schema?.hide) return
        const methods = [route.method].flat().filter((m) => m !== 'HEAD')
        if (methods.length === 0) return
        const operationId = route.schema?.operationId
        if (!operationId) throw new Error(`${methods.join(',')} ${route.url} needs schema.operationId`)
        // Fastify reads a body on every method but GET, schema or not: a wrong type or size is refused there too.
        const readsBody = Boolean(route.schema?.body) || methods.some((m) => m !== 'GET')
        const errors = errorsOf(route, group.access, readsBody)
        // A merchant route that a key permission opens takes a key as well as a session.
        const permission = group.access === 'merchant' ? permissionForOperation(operationId) : undefined
        route.schema = {
          ...route.schema,
          security: permission ? [...securityByAccess[group.access], { merchantApiKey: [] }] : securityByAccess[group.access],
          ...(permission && {
            description: `${route.schema?.description ? `${route.schema.description}\n\n` : ''}API keys with the \`${permission}\` permission may call it.`,
          }),
          response: { ...errorResponses(errors, readsBody), ...(route.schema?.response as object) },
        }
        const audience = group.audience ?? 'public'
        for (const method of methods)
          app.routeRegistry.push({ method, url: route.url, group: group.name, access: group.access, operationId, errors, audience })
      })
      if (guard) scope.addHook('onRequest', guard)
      // The audit row of a key's write call gets the reply's status (platform/access.ts).
      if (resolvers.apiKeys && group.access === 'merchant') {
        const keys = resolvers.apiKeys
        scope.addHook('onResponse', async (request, reply) => {
          const useId = request.apiKey?.useId
          if (useId !== undefined) await keys.finishUse(useId, reply.statusCode).catch((err) => request.log.error({ err }, 'api key use'))
        })
      }
      scope.addHook('onSend', async (_request, reply, payload) => {
        if (group.access !== 'public' || !reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store')
        return payload
      })
      for (const routes of group.routes) await scope.register(routes)
    },
    { prefix: group.prefix },
  )
}
