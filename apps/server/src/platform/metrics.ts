import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client'
import { z } from 'zod'
import type { Db } from '../db/database.ts'

/** What the metrics read from the rest of the app at each scrape. */
export interface MetricsSources {
  db: Db
  /** Websocket connections open on this node now (the chat hub). */
  sockets(): number
  /** The ledger's trial balance total in cents, read in one snapshot (wallet service); must be 0. */
  trialBalanceCents(): Promise<number>
  /** Open disputes past the operators' deadline (order service); the deadline moves nothing, so this is where it shows. */
  overdueDisputes(): Promise<number>
}

/** Hears one sweep's passes and failures (modules/order/sweeps.ts `SweepObserver`). */
export interface SweepMetrics {
  /** A pass ended, failed or not, after `durationMs`. */
  ran(durationMs: number): void
  /** Something in a pass failed: one step's row (retried next pass), or 'pass' (the whole pass). */
  failed(step: string): void
}

/** This app's metrics (decorated `app.metrics`). */
export interface Metrics {
  /** The registry `/metrics` renders: one per app, so apps built side by side (tests) never share counts. */
  registry: Registry
  /** The observer a sweep reports to, its name the `sweep` label (e.g. 'order'). */
  sweep(name: string): SweepMetrics
}

declare module 'fastify' {
  interface FastifyInstance {
    metrics: Metrics
  }
}

const latencyBuckets = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10]
const waitBuckets = [0.0005, 0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 5]

/**
 * The Prometheus metrics of one app (README, Operations), rendered by `GET /metrics`:
 * - `bazaar_http_requests_total{method,route,status}` and `bazaar_http_request_duration_seconds{method,route}`:
 *   `route` is the route's pattern (`/api/orders/:id`), never the raw URL; unmatched URLs count as `(unmatched)`;
 * - `bazaar_http_errors_total{method,route,status,key}`: replies of status ≥ 400, by error key;
 * - `bazaar_db_pool_size`, `_in_use`, `_waiting` and `bazaar_db_pool_wait_seconds{dialect}` (db/pool-watch.ts);
 * - `bazaar_sweep_runs_total{sweep}`, `bazaar_sweep_failures_total{sweep,step}`, `bazaar_sweep_duration_seconds{sweep}`;
 * - `bazaar_websocket_connections`: sockets open on this node;
 * - `bazaar_ledger_trial_balance_cents`: must read 0 (NaN when the database did not answer);
 * - `bazaar_disputes_overdue`: open disputes past the operators' deadline (NaN when the database did not answer);
 * - Node's process metrics (`process_*`, `nodejs_*`) from prom-client.
 */
export const metricsPlugin = fp<MetricsSources>(
  async (app: FastifyInstance, sources) => {
    const registry = new Registry()
    collectDefaultMetrics({ register: registry })
    const registers = [registry]

    const requests = new Counter({
      name: 'bazaar_http_requests_total',
      help: 'HTTP requests answered, by route pattern and status',
      labelNames: ['method', 'route', 'status'] as const,
      registers,
    })
    const latency = new Histogram({
      name: 'bazaar_http_request_duration_seconds',
      help: 'Time from receiving a request to sending its reply, by route pattern',
      labelNames: ['method', 'route'] as const,
      buckets: latencyBuckets,
      registers,
    })
    const errors = new Counter({
      name: 'bazaar_http_errors_total',
      help: 'Replies with status 400 or above, by route pattern, status and error key',
      labelNames: ['method', 'route', 'status', 'key'] as const,
      registers,
    })
    app.addHook('onResponse', async (request, reply) => {
      const route = request.routeOptions.url ?? '(unmatched)'
      const status = String(reply.statusCode)
      requests.inc({ method: request.method, route, status })
      latency.observe({ method: request.method, route }, reply.elapsedTime / 1000)
      if (reply.statusCode >= 400) errors.inc({ method: request.method, route, status, key: reply.errorKey ?? '' })
    })

    const { db } = sources
    const dialect = db.dialect
    const poolGauge = (name: string, help: string, read: () => number) =>
      new Gauge({
        name,
        help,
        labelNames: ['dialect'] as const,
        registers,
        collect() {
          this.set({ dialect }, read())
        },
      })
    poolGauge('bazaar_db_pool_size', 'Connections the pool may open (1 on SQLite: one connection behind a mutex)', () => db.pool.size)
    poolGauge('bazaar_db_pool_in_use', 'Connections held by a query or transaction now', () => db.pool.inUse)
    poolGauge('bazaar_db_pool_waiting', 'Queries waiting for a connection now', () => db.pool.waiting)
    const waits = new Histogram({
      name: 'bazaar_db_pool_wait_seconds',
      help: 'Time each query or transaction waited for a connection',
      labelNames: ['dialect'] as const,
      buckets: waitBuckets,
      registers,
    })
    app.addHook(
      'onClose',
      db.pool.onWait((seconds) => waits.observe({ dialect }, seconds)),
    )

    const sweepRuns = new Counter({ name: 'bazaar_sweep_runs_total', help: 'Sweep passes run', labelNames: ['sweep'] as const, registers })
    const sweepFailures = new Counter({
      name: 'bazaar_sweep_failures_total',
      help: "Sweep failures: one row's step (retried next pass), or 'pass' for a whole pass",
      labelNames: ['sweep', 'step'] as const,
      registers,
    })
    const sweepDuration = new Histogram({
      name: 'bazaar_sweep_duration_seconds',
      help: 'Duration of sweep passes',
      labelNames: ['sweep'] as const,
      buckets: latencyBuckets,
      registers,
    })

    new Gauge({
      name: 'bazaar_websocket_connections',
      help: 'Websocket connections open on this node',
      registers,
      collect() {
        this.set(sources.sockets())
      },
    })

    let reading: Promise<number> | undefined
    new Gauge({
      name: 'bazaar_ledger_trial_balance_cents',
      help: 'Sum of every ledger account in cents; double entry keeps it at 0 (NaN: the database did not answer)',
      registers,
      async collect() {
        // Scrapes at once share one reading: it scans the accounts.
        reading ??= sources.trialBalanceCents().finally(() => {
          reading = undefined
        })
        this.set(
          await reading.catch((err: unknown) => {
            app.log.warn({ err }, 'metrics: trial balance unreadable')
            return Number.NaN
          }),
        )
      },
    })

    new Gauge({
      name: 'bazaar_disputes_overdue',
      help: "Open after-sales disputes past the operators' deadline (NaN: the database did not answer)",
      registers,
      async collect() {
        this.set(
          await sources.overdueDisputes().catch((err: unknown) => {
            app.log.warn({ err }, 'metrics: overdue disputes unreadable')
            return Number.NaN
          }),
        )
      },
    })

    app.decorate('metrics', {
      registry,
      sweep: (sweep: string) => {
        // Zeros from the start, so a dashboard or an alert sees the series before the first pass.
        sweepRuns.inc({ sweep }, 0)
        sweepFailures.inc({ sweep, step: 'pass' }, 0)
        return {
          ran: (durationMs: number) => {
            sweepRuns.inc({ sweep })
            sweepDuration.observe({ sweep }, durationMs / 1000)
          },
          failed: (step: string) => sweepFailures.inc({ sweep, step }),
        }
      },
    })
  },
  { name: 'metrics' },
)

/** `GET /metrics`: the metrics in Prometheus' text format (group `local`: loopback or an operator token). */
export const metricsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/metrics',
    {
      schema: {
        tags: ['ops'],
        operationId: 'getMetrics',
        summary: 'Prometheus metrics of this node (from loopback, or with an operator token)',
        response: {
          200: {
            description: "Prometheus' text exposition format 0.0.4",
            content: { 'text/plain': { schema: z.string() } },
          },
        },
      },
    },
    async (_request, reply) => reply.type(app.metrics.registry.contentType).send(await app.metrics.registry.metrics()),
  )
}
