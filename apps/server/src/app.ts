import { existsSync } from 'node:fs'
import path from 'node:path'
import { chatSocketProtocol } from '@bazaar/contract/chat-values'
import { okReply } from '@bazaar/contract/envelope'
import helmet from '@fastify/helmet'
import multipart from '@fastify/multipart'
import rateLimit from '@fastify/rate-limit'
import fastifyStatic from '@fastify/static'
import swagger from '@fastify/swagger'
import swaggerUi from '@fastify/swagger-ui'
import websocket from '@fastify/websocket'
import Fastify, { type FastifyInstance, type FastifyServerOptions, LogController } from 'fastify'
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod'
import { Redis } from 'ioredis'
import { z } from 'zod'
import type { Config } from './config.ts'
import { type Db, pingDatabase } from './db/database.ts'
import { registerChainMetrics } from './modules/chain/metrics.ts'
import { chainConfigOf } from './modules/chain/settings-service.ts'
import { createRealtime } from './modules/chat/realtime.ts'
import { overdueDisputeCount } from './modules/order/dispute-decision-service.ts'
import { trialBalanceTotalCents } from './modules/wallet/service.ts'
import { databasePlugin } from './platform/database-plugin.ts'
import { AppError } from './platform/errors.ts'
import { serializerCompiler } from './platform/fast-replies.ts'
import { memoryLimiter, redisLimiter } from './platform/hit-limiter.ts'
import { imageWorkPlugin } from './platform/image-work.ts'
import { createMailer, type Mailer } from './platform/mail.ts'
import { metricsPlugin, metricsRoutes } from './platform/metrics.ts'
import { apiSchemaTransform, documentOf } from './platform/openapi.ts'
import { pageScriptSources } from './platform/page-meta.ts'
import { loadPinSecret, registerPinSecret } from './platform/pin-secret.ts'
import { memoryPubSub, redisPubSub } from './platform/pubsub.ts'
import { SnapshotStore } from './platform/rate-limit-store.ts'
import { ok, replies } from './platform/replies.ts'
import { replyCheckPlugin } from './platform/reply-check.ts'
import { requestIdOf, requestIdPlugin } from './platform/request-id.ts'
import { apiSecuritySchemes, registerRouteGroup, routeRegistryPlugin } from './platform/route-groups.ts'
import { securityHeaders } from './platform/security-headers.ts'
import { serveShopPages } from './platform/shop-pages.ts'
import { diskStorage } from './platform/storage.ts'
import { routeGroups, sessionResolvers } from './routes.ts'

/** What the app needs from outside: settings and an open, migrated database. */
export interface AppDeps {
  config: Config
  db: Db
  logger?: FastifyServerOptions['logger']
  /** Defaults to the settings' mailer (SMTP_URL, else the outbox folder). */
  mailer?: Mailer
  /** Check every error reply against its route's documented schema (tests; platform/reply-check.ts). */
  checkReplies?: boolean
}

/**
 * Builds the Fastify app without listening (tests inject requests in-process): reply
 * envelope and error mapping, OpenAPI at /docs, /healthz, the API's route groups under
 * /api (src/routes.ts), photos under /media, and the built shop at '/'.
 */
export async function buildApp({
  config,
  db,
  logger = false,
  mailer = defaultMailer(config),
  checkReplies = false,
}: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    logger,
    // One line a request, at its end (BENCH G9: Fastify's two lines cost about 17 µs a request).
    logController: new LogController({ disableRequestLogging: true }),
    trustProxy: config.TRUST_PROXY,
    bodyLimit: 1024 * 1024,
    routerOptions: { maxParamLength: 200 },
    // Every log line of a request carries its id (reqId): the incoming X-Request-Id when well formed.
    requestIdHeader: false,
    genReqId: requestIdOf,
  }).withTypeProvider<ZodTypeProvider>()
  app.addHook('onRequest', async (request) => {
    request.log.debug({ req: request }, 'incoming request')
  })
  app.addHook('onResponse', async (request, reply) => {
    request.log.info(
      { method: request.method, url: request.url, statusCode: reply.statusCode, responseTimeMs: Math.round(reply.elapsedTime * 10) / 10 },
      'request completed',
    )
  })
  app.setValidatorCompiler(validatorCompiler)
  app.setSerializerCompiler(serializerCompiler)
  registerPinSecret(db, () => loadPinSecret(config))

  await app.register(replies)
  await app.register(requestIdPlugin)
  await app.register(metricsPlugin, {
    db,
    sockets: () => app.chatRealtime?.deps.hub.size ?? 0,
    trialBalanceCents: () => trialBalanceTotalCents(db),
    overdueDisputes: () => overdueDisputeCount(db),
  })
  registerChainMetrics(app.metrics.registry, db, chainConfigOf(config), app.log)
  await app.register(databasePlugin, { db })
  await app.register(securityHeaders)
  await app.register(routeRegistryPlugin)
  if (checkReplies) await app.register(replyCheckPlugin)
  await app.register(helmet, {
    // No upgrade-insecure-requests: the shop is also opened over plain HTTP on a LAN address.
    contentSecurityPolicy: {
      directives: {
        'img-src': ["'self'", 'data:', 'blob:'],
        // The shop's pages run one inline script, allowed by its hash (page-meta.ts).
        'script-src': ["'self'", ...pageScriptSources],
        'style-src': ["'self'", "'unsafe-inline'"],
        'upgrade-insecure-requests': null,
      },
    },
    crossOriginEmbedderPolicy: false,
  })
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Bazaar API',
        version: '1.0.0',
        description:
          "Replies are `{code, msg, data}`: code 1 success, 0 failure, 401 not logged in, 406 payment password not set; on failure `msg` is a key of the error catalogue, translated into the `lang` header's language in `data.message`.",
        license: { name: 'MIT', url: 'https://opensource.org/license/mit' },
      },
      servers: [{ url: '/', description: 'The server that serves this document' }],
      components: { securitySchemes: apiSecuritySchemes },
    },
    transform: apiSchemaTransform,
  })
  // /docs shows the public routes only; operators read theirs at /api/admin/openapi.json.
  await app.register(swaggerUi, {
    routePrefix: '/docs',
    transformSpecification: () => documentOf(app, 'public'),
  })

  // Per-IP limits on the routes that ask for them; shared through Redis across nodes. The
  // factor is applied before the plugin reads each route's limit (hooks run in order).
  app.addHook('onRoute', (route) => {
    const limit = (route.config as { rateLimit?: { max?: unknown } } | undefined)?.rateLimit
    if (limit && typeof limit.max === 'number')
      route.config = { ...route.config, rateLimit: { ...limit, max: limit.max * config.RATE_LIMIT_FACTOR } } as typeof route.config
  })
  const redis = config.REDIS_URL
    ? new Redis(config.REDIS_URL, { maxRetriesPerRequest: 2, enableOfflineQueue: false, lazyConnect: false })
    : undefined
  // Without Redis, counts live in this process (SnapshotStore: the plugin's own store refuses whole bursts).
  // Every Redis key and channel starts with REDIS_PREFIX (`rl:` limits, `limit:` chat sends, `chat:` pushes).
  await app.register(rateLimit, {
    global: false,
    ...(redis ? { redis, nameSpace: `${config.REDIS_PREFIX}rl:` } : { store: SnapshotStore }),
  })
  app.addHook('onClose', async () => {
    mailer.close()
    redis?.disconnect()
  })
  await app.register(multipart)
  await app.register(imageWorkPlugin, { concurrency: config.IMAGE_CONCURRENCY, maxWaiting: config.IMAGE_QUEUE_MAX })
  // One socket server for the chat route; the token comes as the second offered subprotocol, never echoed.
  await app.register(websocket, {
    options: {
      maxPayload: 64 * 1024,
      handleProtocols: (offered: Set<string>) => (offered.has(chatSocketProtocol) ? chatSocketProtocol : false),
    },
  })

  const uploadsDir = config.UPLOADS_DIR
  const storage = diskStorage(uploadsDir)
  // Chat pushes and the chat send limit: through Redis when the nodes share one (modules/chat/realtime.ts).
  const realtime = createRealtime({
    db,
    pubsub: config.REDIS_URL ? redisPubSub(config.REDIS_URL, `${config.REDIS_PREFIX}chat:`) : memoryPubSub(),
    limiter: redis ? redisLimiter(redis, `${config.REDIS_PREFIX}limit:`, (err) => app.log.warn({ err }, 'chat limiter')) : memoryLimiter(),
    storage,
    limitFactor: config.RATE_LIMIT_FACTOR,
    log: app.log,
    sweepObserver: app.metrics.sweep('chat_sockets'),
  })
  await realtime.start()
  app.decorate('chatRealtime', realtime)
  app.addHook('onClose', () => realtime.stop())
  const deps = {
    mailer,
    storage,
    mediaRoots: { catalogueDir: config.CATALOGUE_DIR, uploadsDir, cacheDir: path.join(config.DATA_DIR, 'cache', 'images') },
    chat: realtime.deps,
    webhooks: { allowPrivate: config.WEBHOOKS_ALLOW_PRIVATE },
    timeZone: config.PLATFORM_TIME_ZONE,
    chain: chainConfigOf(config),
  }
  const keyLimiter = redis
    ? redisLimiter(redis, `${config.REDIS_PREFIX}limit:`, (err) => app.log.warn({ err }, 'api key limiter'))
    : memoryLimiter()
  const resolvers = sessionResolvers(db, { keyLimiter, limitFactor: config.RATE_LIMIT_FACTOR })
  // Documented at /docs beside /healthz: operations endpoints, not the console's API.
  const metricsGroup = { name: 'metrics', access: 'local' as const, prefix: '', routes: [metricsRoutes] }
  for (const group of [opsGroup(db), metricsGroup, ...routeGroups(deps)]) await registerRouteGroup(app, group, resolvers)

  // The shop's pages are path routes: '/' and /pages/... answer its HTML (rendered by the
  // server on landing pages, issue 25); its files are served as they are.
  if (await serveBuiltApp(app, config.SHOP_DIST_DIR, '/', { pagesServedApart: true }))
    await serveShopPages(app, config.SHOP_DIST_DIR, { htmlCacheMs: config.SHOP_HTML_CACHE_MS })
  await serveBuiltApp(app, config.ADMIN_DIST_DIR, '/admin/')
  return app
}

/** `/healthz`: the database's liveness, for load balancers (public group). */
function opsGroup(db: Db) {
  return {
    name: 'ops',
    access: 'public' as const,
    prefix: '',
    routes: [
      async (app: FastifyInstance) => {
        app.get(
          '/healthz',
          {
            config: { errors: ['Service unavailable'] },
            schema: {
              tags: ['ops'],
              operationId: 'getHealth',
              summary: 'Database liveness',
              response: { 200: okReply(z.object({ status: z.literal('ok') })) },
            },
          },
          async () => {
            await pingDatabase(db).catch(() => {
              throw new AppError('Service unavailable')
            })
            return ok({ status: 'ok' })
          },
        )
      },
    ],
  }
}

/** The mailer of the settings: SMTP_URL, else .eml files in `<DATA_DIR>/outbox`. */
export function defaultMailer(config: Config): Mailer {
  return createMailer({ smtpUrl: config.SMTP_URL, outboxDir: path.join(config.DATA_DIR, 'outbox'), from: config.MAIL_FROM })
}

/**
 * Serves a Vite build (shop at '/', console at '/admin/'): hashed assets cached for a year, pages
 * revalidated. `pagesServedApart`: the prefix itself is not answered with index.html (the
 * shop's pages are). False when there is no build. The few files at the build's root get a
 * route each; `assets/` (hundreds of hashed files: every chunk and language bundle) one
 * wildcard route: a route per file there cost a quarter of a start (BENCH G11). The .br and
 * .gz beside each file are sent for its URL to clients that accept them, never by their own.
 */
async function serveBuiltApp(app: FastifyInstance, root: string, prefix: string, { pagesServedApart = false } = {}): Promise<boolean> {
  if (!existsSync(path.join(root, 'index.html'))) return false
  if (prefix !== '/') app.get(prefix.slice(0, -1), { schema: { hide: true } }, (_request, reply) => reply.redirect(prefix))
  const compressed = ['**/*.br', '**/*.gz']
  await app.register(fastifyStatic, {
    root,
    prefix,
    decorateReply: prefix === '/',
    wildcard: false,
    index: pagesServedApart ? false : undefined,
    preCompressed: true,
    globIgnore: ['assets/**', ...compressed],
    setHeaders: (reply) => reply.header('cache-control', 'no-cache'),
  })
  const assets = path.join(root, 'assets')
  if (existsSync(assets))
    await app.register(fastifyStatic, {
      root: assets,
      prefix: `${prefix}assets/`,
      decorateReply: false,
      wildcard: true,
      index: false,
      preCompressed: true,
      setHeaders: (reply) => reply.header('cache-control', 'public, max-age=31536000, immutable'),
    })
  return true
}
