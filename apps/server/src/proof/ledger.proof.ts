import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../test/app-harness.ts'
import { testDialects } from '../test/databases.ts'
import { errorLogCapture } from './error-log.ts'
import { verifyLedger } from './ledger-checks.ts'
import { runLedgerLoad } from './ledger-load.ts'
import { watchMetrics } from './metrics-watch.ts'
import { quick, writeFigures } from './results.ts'
import { type LoadWorld, prepareWorld } from './world.ts'

const operations = quick ? 2_000 : 10_000
const clients = quick ? 20 : 50
const figures: Record<string, unknown> = { operations, clients }
/** What /metrics read during and after each load: bench/results/proof-metrics.json. */
const metricsFigures: Record<string, unknown> = { operations, clients }
/** Checks begun and not finished (one threw): the figures file says whether the suite held. */
let unfinished = 0

/**
 * Ledger under load (issue 16): `operations` random recharges and their reviews, orders,
 * payments, cancellations, shipments (the merchant's purchase payment), receipts, refunds
 * and their answers, withdrawals and their reviews, wallet reads and the settlement sweep,
 * platform coupon claims and coupon orders, deposits credited by the chain (two watcher passes
 * at once, or the watcher and an approval of a recharge with the same hash), bond upgrades, lower-level and bond-refund
 * requests and their reviews, from `clients` concurrent clients. Throughout, consistent
 * snapshots find the sum over all accounts at exactly 0 and no kept balance below 0;
 * afterwards every kept balance equals the replay of its transfers, every buyer's, bond
 * merchant's (wallet and bond) and marketing's equals the model built from the answers, and
 * every order's escrow (platform coupon included) holds what its state says.
 */
describe.each(await testDialects())('ledger under load on %s', (dialect) => {
  let t: TestApp
  let world: LoadWorld
  const errorLog = errorLogCapture()
  beforeAll(async () => {
    t = await createTestApp(dialect, {}, { logger: errorLog.logger })
    world = await prepareWorld(t, clients)
  })
  afterAll(async () => {
    await t?.close()
    writeFigures('ledger', figures, unfinished === 0)
    writeFigures('metrics', metricsFigures, unfinished === 0)
  })

  it(`keeps every cent through ${operations} operations from ${clients} clients`, async () => {
    const seed = Number(process.env.PROOF_SEED ?? Date.now() % 1_000_000)
    const metrics = watchMetrics(t.app)
    const load = await runLedgerLoad(t.request, t.db, world, {
      operations,
      clients,
      seed,
      snapshotEveryMs: 100,
      sweepEvery: Math.round(operations / 20),
    })
    const scraped = await metrics.finish()
    metricsFigures[dialect] = scraped
    const verdict = await verifyLedger(t.db, world, load.model)
    const serverErrors = Object.values(load.counts).reduce((n, c) => n + c.serverErrors, 0)
    figures[dialect] = {
      seed,
      durationMs: load.durationMs,
      operationsPerSecond: Math.round((operations / load.durationMs) * 1000),
      snapshotsTaken: load.snapshots.taken,
      snapshotsNonZero: load.snapshots.nonZeroTotals.length,
      snapshotNegativeBalances: load.snapshots.negativeBalances.length,
      walletReads: load.walletReads,
      negativeWalletReads: load.negativeWalletReads,
      serverErrors,
      // What the error log says about each 5xx reply (by its request id), the first 20.
      serverErrorLogs: errorLog
        .explain(load.serverErrorReplies.slice(0, 20).map((r) => r.requestId))
        .map(
          (line, i) =>
            `${load.serverErrorReplies[i]!.method} ${load.serverErrorReplies[i]!.url} ${load.serverErrorReplies[i]!.status} ${line}`,
        ),
      transportErrors: load.transportErrors.length,
      doubleWins: load.model.doubleWins,
      ...verdict,
      replayMismatches: verdict.replayMismatches.length,
      modelMismatches: verdict.modelMismatches.length,
      escrowMismatches: verdict.escrowMismatches.length,
      negativeBalances: verdict.negativeBalances.length,
      counts: load.counts,
    }
    unfinished++
    expect(load.transportErrors).toEqual([])
    expect(serverErrors).toBe(0)
    // /metrics told the same story: the trial balance gauge at 0 at every scrape, the 5xx the
    // clients saw, and no connection left held or waited for once the load was over.
    expect(scraped.trialBalanceOffZero).toEqual([])
    expect(scraped.trialBalanceAfterCents).toBe(0)
    expect(scraped.serverErrorsCounted).toBe(serverErrors)
    expect(scraped.poolWaits).toBeGreaterThan(operations)
    expect({ inUse: scraped.poolInUseAfter, waiting: scraped.poolWaitingAfter }).toEqual({ inUse: 0, waiting: 0 })
    expect(load.snapshots.taken).toBeGreaterThan(10)
    expect(load.snapshots.nonZeroTotals).toEqual([])
    expect(load.snapshots.negativeBalances).toEqual([])
    expect(load.negativeWalletReads).toBe(0)
    expect(load.model.doubleWins).toEqual([])
    expect(verdict.trialBalanceCents).toBe(0)
    expect(verdict.replayMismatches).toEqual([])
    expect(verdict.negativeBalances).toEqual([])
    expect(verdict.modelMismatches).toEqual([])
    expect(verdict.escrowMismatches).toEqual([])
    // The load did what it says: every kind of operation succeeded many times.
    for (const [op, c] of Object.entries(load.counts)) expect({ op, ok: c.ok > operations / 200 }).toEqual({ op, ok: true })
    unfinished--
  })
})
