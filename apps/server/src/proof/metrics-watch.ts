import type { FastifyInstance } from 'fastify'
import { parsePrometheus, type Sample, sampleValue } from '../test/prometheus.ts'

/** What `/metrics` said during and after a load (proof-metrics.json). */
export interface MetricsFigures {
  scrapes: number
  /** Readings of `bazaar_ledger_trial_balance_cents` during the load that were not 0 (must be none). */
  trialBalanceOffZero: number[]
  trialBalanceAfterCents: number
  /** Requests the metrics counted, and those answered 5xx (must equal the 5xx the clients saw). */
  requestsCounted: number
  serverErrorsCounted: number
  /** Pool waits observed, their mean and the slowest bucket reached (seconds). */
  poolWaits: number
  poolWaitMeanMs: number
  /** Connections held and queries waiting once the load is over (must both be 0: none leaked). */
  poolInUseAfter: number
  poolWaitingAfter: number
}

const sum = (samples: Sample[], name: string, keep: (s: Sample) => boolean = () => true) =>
  samples.filter((s) => s.name === name && keep(s)).reduce((n, s) => n + s.value, 0)

/**
 * Scrapes the app's `/metrics` (from loopback, as a local Prometheus would) every
 * `everyMs` while a load runs, then once after it: the trial balance gauge must read 0 at
 * every scrape, the 5xx it counts must match what the clients saw, and the pool must hold no
 * connection once the load is over.
 */
export function watchMetrics(app: FastifyInstance, everyMs = 1_000) {
  const offZero: number[] = []
  let scrapes = 0
  let stopped = false
  const scrape = async () => {
    const res = await app.inject({ method: 'GET', url: '/metrics' })
    if (res.statusCode !== 200) throw new Error(`/metrics answered ${res.statusCode}`)
    scrapes++
    return parsePrometheus(res.body)
  }
  const loop = (async () => {
    while (!stopped) {
      const balance = sampleValue(await scrape(), 'bazaar_ledger_trial_balance_cents')
      if (balance !== 0) offZero.push(balance ?? Number.NaN)
      await new Promise((r) => setTimeout(r, everyMs))
    }
  })()
  return {
    /** Stops the scrapes during the load and takes the last one. */
    async finish(): Promise<MetricsFigures> {
      stopped = true
      await loop
      const samples = await scrape()
      const waits = sum(samples, 'bazaar_db_pool_wait_seconds_count')
      return {
        scrapes,
        trialBalanceOffZero: offZero,
        trialBalanceAfterCents: sampleValue(samples, 'bazaar_ledger_trial_balance_cents') ?? Number.NaN,
        requestsCounted: sum(samples, 'bazaar_http_requests_total', (s) => s.labels.route !== '/metrics'),
        serverErrorsCounted: sum(samples, 'bazaar_http_requests_total', (s) => Number(s.labels.status) >= 500),
        poolWaits: waits,
        poolWaitMeanMs: waits > 0 ? Math.round((sum(samples, 'bazaar_db_pool_wait_seconds_sum') / waits) * 1e6) / 1e3 : 0,
        poolInUseAfter: sum(samples, 'bazaar_db_pool_in_use'),
        poolWaitingAfter: sum(samples, 'bazaar_db_pool_waiting'),
      }
    },
  }
}
