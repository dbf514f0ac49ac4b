import type { FastifyInstance } from 'fastify'
import pino from 'pino'
import { buildApp, defaultMailer } from './app.ts'
import type { Config } from './config.ts'
import { type Db, openDatabase } from './db/database.ts'
import { migrateToLatest } from './db/migrate.ts'
import { seedDatabase } from './db/seed/seed.ts'
import { createOperator } from './modules/admin/service.ts'
import { chainConfigOf } from './modules/chain/settings-service.ts'
import { ChainWatcher } from './modules/chain/watcher.ts'
import { startWebhookWorker } from './modules/integrations/delivery-worker.ts'
import { startOrderSweeper } from './modules/order/sweeps.ts'
import { pinSecretOf } from './platform/pin-secret.ts'

/** A running server: the app, its database, and a stop that drains requests then closes the database. */
export interface RunningServer {
  app: FastifyInstance
  db: Db
  url: string
  /** Where the start went, in milliseconds: each phase of `startServer` (BENCH G11 prints them). */
  startupMs: StartupTimings
  stop(): Promise<void>
}

/** Each phase of a start: wall and CPU (user + system) milliseconds. */
export interface StartupTimings {
  /** Opening the database and bringing its schema up to date (nothing to run on a second start). */
  migrations: PhaseMs
  /** Seeding, or checking that the catalogue, demo shops, articles and networks are there. */
  seedCheck: PhaseMs
  /** Building the app: plugins and routes with their schemas. */
  app: PhaseMs
  /** Listening on the port. */
  listen: PhaseMs
}

/** Wall and CPU milliseconds of one phase. */
export interface PhaseMs {
  wallMs: number
  cpuMs: number
}

/**
 * A stopwatch of wall and CPU time: each call returns the time since the previous one (or
 * since the clock was made).
 * @param from start at this point instead of now: `{ wallMs: 0, cpuMs: 0 }` is the process's start
 */
export function phaseClock(from?: PhaseMs): () => PhaseMs {
  let wall = from ? from.wallMs : performance.now()
  let cpu = from ? { user: from.cpuMs * 1000, system: 0 } : process.cpuUsage()
  return () => {
    const nowWall = performance.now()
    const used = process.cpuUsage(cpu)
    const phase = { wallMs: Math.round(nowWall - wall), cpuMs: Math.round((used.user + used.system) / 1000) }
    wall = nowWall
    cpu = process.cpuUsage()
    return phase
  }
}

/**
 * Opens the database, migrates, seeds the real catalogue (progress bar, printed demo
 * logins on the first start), builds the app and listens.
 * @param extend registers extra routes before listening (the benchmark's floor routes)
 */
export async function startServer(config: Config, extend?: (app: FastifyInstance, db: Db) => void | Promise<void>): Promise<RunningServer> {
  const lap = phaseClock()
  const db = openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR })
  try {
    await migrateToLatest(db)
    const migrationsMs = lap()
    const { credentials } = await seedDatabase(db, {
      catalogueDir: config.CATALOGUE_DIR,
      articlesDir: config.ARTICLES_DIR,
      progress: config.LOG_LEVEL !== 'silent',
    })
    if (credentials.length > 0) {
      console.log('\nDemo merchant accounts (shown once; keep them if you want to log in as a merchant):')
      for (const c of credentials) console.log(`  ${c.shop.padEnd(16)} ${c.email}  password: ${c.password}`)
      console.log('')
    }
    if (
      config.OPERATOR_EMAIL &&
      config.OPERATOR_PASSWORD &&
      (await createOperator(db, { email: config.OPERATOR_EMAIL, password: config.OPERATOR_PASSWORD }))
    ) {
      console.log(`Operator ${config.OPERATOR_EMAIL} created; the console is at /admin/`)
    }
    // Log lines are written asynchronously: under load the lines that arrive while a write is
    // in flight go out together in the next one (BENCH G9: a synchronous write a line cost about
    // 17 µs a request). Flushed when the server stops.
    const seedCheckMs = lap()
    const logStream = pino.destination({ dest: 1, sync: false })
    const app = await buildApp({ config, db, logger: { level: config.LOG_LEVEL, stream: logStream } })
    // The payment-password secret now, not at the first payment: a bad setting stops the start.
    pinSecretOf(db)
    await extend?.(app, db)
    const appMs = lap()
    const url = await app.listen({ port: config.PORT, host: config.HOST })
    const startupMs = { migrations: migrationsMs, seedCheck: seedCheckMs, app: appMs, listen: lap() }
    const stopSweeper = startOrderSweeper(db, app.log, undefined, app.metrics.sweep('order'))
    if (config.WEBHOOKS_ALLOW_PRIVATE)
      app.log.warn('WEBHOOKS_ALLOW_PRIVATE is on: webhooks may reach private addresses and plain http:// (development and tests only)')
    const mailer = defaultMailer(config)
    const webhooks = startWebhookWorker(db, {
      allowPrivate: config.WEBHOOKS_ALLOW_PRIVATE,
      timeoutMs: config.WEBHOOK_TIMEOUT_MS,
      firstRetryMs: config.WEBHOOK_FIRST_RETRY_MS,
      pollMs: config.WEBHOOK_POLL_MS,
      mailer,
      log: app.log,
    })
    // One watcher per EVM network across all nodes (a lease each); on SQLite this node runs them.
    const chainWatcher = new ChainWatcher(db, chainConfigOf(config), app.log)
    chainWatcher.start()
    return {
      app,
      db,
      url,
      startupMs,
      async stop() {
        stopSweeper()
        await webhooks.stop()
        mailer.close()
        await chainWatcher.stop()
        await app.close()
        await db.close()
        logStream.flushSync()
      },
    }
  } catch (error) {
    await db.close()
    throw error
  }
}
