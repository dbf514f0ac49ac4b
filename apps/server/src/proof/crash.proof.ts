import { randomBytes } from 'node:crypto'
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { WithdrawalAddress } from '@bazaar/contract/wallet'
import SQLite from 'better-sqlite3'
import { describe, expect, it } from 'vitest'
import { loadConfig } from '../config.ts'
import { openDatabase } from '../db/database.ts'
import { migrateToLatest } from '../db/migrate.ts'
import { seedDatabase } from '../db/seed/seed.ts'
import { createTestApp, freshIp, testAppOn } from '../test/app-harness.ts'
import { testDialects } from '../test/databases.ts'
import { creditWallet } from '../test/order-helpers.ts'
import { dataOf } from '../test/replies.ts'
import { freePort, type NodeProcess, startNode } from '../test/two-nodes.ts'
import { buyerWithPaymentPassword, saveWithdrawalAddress, tronAddress } from '../test/wallet-helpers.ts'
import { httpRequester } from './http-requester.ts'
import { verifyLedger } from './ledger-checks.ts'
import { runLedgerLoad } from './ledger-load.ts'
import { newModel } from './load-model.ts'
import { startPrivatePostgres } from './private-postgres.ts'
import { quick, writeFigures } from './results.ts'
import { prepareWorld } from './world.ts'

const figures: Record<string, unknown> = {}
let unfinished = 0
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

/**
 * Crashes (issue 16): the ledger load runs against a server process that is killed with
 * SIGKILL three times and started again on the same place. Every request answered with
 * success is in the database afterwards; withdrawals sent with an Idempotency-Key and
 * retried through the crashes apply once each; the ledger balances; SQLite's integrity check
 * passes. The time from the kill to the next /healthz answer is recorded.
 * Figures: bench/results/proof-crash.json.
 */
describe.each(await testDialects())('crashes on %s', (dialect) => {
  it('keeps every answered success and applies each Idempotency-Key once through three kill -9', async () => {
    unfinished++
    const t = await createTestApp(dialect)
    let node: NodeProcess | undefined
    try {
      const world = await prepareWorld(t, 20)
      const retrier = await buyerWithPaymentPassword(t, 'retrier@example.com')
      const addressId = dataOf(WithdrawalAddress, await saveWithdrawalAddress(t, retrier, 'TRC20', tronAddress)).id
      await creditWallet(t, retrier.userId, 100_000_000)
      await t.app.close()
      const secret = readFileSync(path.join(t.dataDir, 'pin-secret'), 'utf8').trim()
      const env = {
        NODE_ENV: 'production',
        LOG_LEVEL: 'fatal',
        DATA_DIR: t.dataDir,
        SHOP_DIST_DIR: '/nonexistent',
        ADMIN_DIST_DIR: '/nonexistent',
        RATE_LIMIT_FACTOR: '1000',
        TRUST_PROXY: 'true',
        ...(t.url ? { DATABASE_URL: t.url, PIN_SECRET: secret } : {}),
      }
      const port = await freePort()
      node = await startNode('crash', port, env, 'ignore')
      const request = httpRequester(`http://127.0.0.1:${port}`)
      const operations = quick ? 2_000 : 6_000
      const model = newModel()
      let loadDone = false
      const load = runLedgerLoad(request, t.db, world, {
        operations,
        clients: 20,
        seed: 5,
        snapshotEveryMs: 500,
        sweepEvery: operations + 1,
        model,
      })
      void load.finally(() => {
        loadDone = true
      })

      // Withdrawals with a key, each retried with the same key until it is answered.
      const keyed: { key: string; amountCents: number; id: number }[] = []
      let retries = 0
      const retrying = (async () => {
        while (!loadDone) {
          const key = `crash-${dialect}-${keyed.length}`
          const amountCents = 1_000 + keyed.length
          const body = { networkCode: 'TRC20', addressId, amountCents, paymentPassword: '123456' }
          for (;;) {
            try {
              const answer = await request('POST', '/api/wallet/withdrawals', body, {
                token: retrier.token,
                headers: { 'idempotency-key': key },
                ip: freshIp(),
              })
              if (answer.body.code === 1) {
                keyed.push({ key, amountCents, id: (answer.body.data as { id: number }).id })
                break
              }
              if (answer.body.msg !== 'Idempotency key in use') throw new Error(`withdrawal ${key}: ${answer.body.msg}`)
            } catch (error) {
              if (error instanceof Error && error.message.startsWith('withdrawal ')) throw error
            }
            retries++
            await sleep(200)
          }
        }
      })()

      const restartsMs: number[] = []
      for (let kill = 1; kill <= 3; kill++) {
        while (model.orders.size < kill * (quick ? 60 : 200) && !loadDone) await sleep(50)
        if (loadDone) break
        const killedAt = Date.now()
        await node.kill('SIGKILL')
        node = await startNode('crash', port, env, 'ignore')
        restartsMs.push(Date.now() - killedAt)
      }
      const run = await load
      await retrying
      await node.stop()

      const k = t.db.kysely
      const paid = new Set((await k.selectFrom('orders').select('id').where('paid_at_ms', 'is not', null).execute()).map((o) => o.id))
      const recharges = new Set((await k.selectFrom('recharges').select('id').execute()).map((r) => r.id))
      const withdrawals = await k.selectFrom('withdrawals').select(['id', 'user_id', 'amount_cents']).execute()
      const withdrawalIds = new Set(withdrawals.map((w) => w.id))
      const lost = [
        ...[...run.model.paidAtMs.keys()].filter((id) => !paid.has(id)).map((id) => `payment of order ${id}`),
        ...run.model.rechargeIds.filter((id) => !recharges.has(id)).map((id) => `recharge ${id}`),
        ...run.model.withdrawalIds.filter((id) => !withdrawalIds.has(id)).map((id) => `withdrawal ${id}`),
        ...keyed.filter((w) => !withdrawalIds.has(w.id)).map((w) => `keyed withdrawal ${w.key}`),
      ]
      const retrierRows = withdrawals.filter((w) => w.user_id === retrier.userId)
      const verdict = await verifyLedger(t.db, world, run.model)
      const sqliteFile = path.join(t.dataDir, 'bazaar.sqlite')
      const integrity =
        dialect === 'sqlite' && existsSync(sqliteFile)
          ? String(new SQLite(sqliteFile, { readonly: true }).pragma('integrity_check', { simple: true }))
          : 'n/a'
      figures[dialect] = {
        operations,
        kills: restartsMs.length,
        timeToServeAgainMs: restartsMs,
        unansweredRequests: run.transportErrors.length,
        answeredPayments: run.model.paidAtMs.size,
        answeredRecharges: run.model.rechargeIds.length,
        answeredWithdrawals: run.model.withdrawalIds.length,
        lostAnsweredSuccesses: lost.length,
        keyedWithdrawals: keyed.length,
        keyedRetries: retries,
        keyedRowsInDatabase: retrierRows.length,
        trialBalanceCents: verdict.trialBalanceCents,
        replayMismatches: verdict.replayMismatches.length,
        negativeBalances: verdict.negativeBalances.length,
        escrowMismatches: verdict.escrowMismatches.length,
        snapshotsOffZero: run.snapshots.nonZeroTotals.length,
        integrityCheck: integrity,
      }
      expect(restartsMs).toHaveLength(3)
      expect(lost).toEqual([])
      expect(retries).toBeGreaterThan(0)
      expect(retrierRows.length).toBe(keyed.length)
      expect(retrierRows.reduce((s, w) => s + Number(w.amount_cents), 0)).toBe(keyed.reduce((s, w) => s + w.amountCents, 0))
      expect(verdict.trialBalanceCents).toBe(0)
      expect(verdict.replayMismatches).toEqual([])
      expect(verdict.negativeBalances).toEqual([])
      expect(verdict.escrowMismatches).toEqual([])
      expect(run.snapshots.nonZeroTotals).toEqual([])
      if (dialect === 'sqlite') expect(integrity).toBe('ok')
      unfinished--
    } finally {
      await node?.kill('SIGKILL')
      await t.close()
      writeFigures('crash', figures, unfinished === 0)
    }
  })
})

/**
 * The database machine crashing (issue 16): the load runs against a server process on a
 * private PostgreSQL that is killed with SIGKILL once and started again (crash recovery).
 * Every success answered before or after is in the database and the ledger balances; the
 * time from the kill until the server answers a database read again is recorded.
 */
// Runs only with PROOF_PG_KILL=1: it starts a PostgreSQL cluster of its own, which needs
// Debian's binaries and `su postgres` (root). Its first runs found the node dead after the kill
// (4,103 requests unanswered): a pg client losing its connection while a request held it
// emitted 'error' with nobody listening, an uncaught exception that ended the process;
// db/database.ts now hears it on every client. Its stderr is shown: those lines say so.
describe.skipIf(!(await testDialects()).includes('postgres') || process.env.PROOF_PG_KILL !== '1')('PostgreSQL killed', () => {
  it('keeps every answered success through a kill -9 of PostgreSQL', async () => {
    unfinished++
    const server = await startPrivatePostgres()
    const dataDir = mkdtempSync(path.join(tmpdir(), 'bazaar-pgkill-'))
    const db = openDatabase({ databaseUrl: server.url, dataDir, poolSize: 5 })
    let node: NodeProcess | undefined
    try {
      await migrateToLatest(db)
      const defaults = loadConfig({})
      await seedDatabase(db, { catalogueDir: defaults.CATALOGUE_DIR, articlesDir: defaults.ARTICLES_DIR, progress: false })
      const secret = randomBytes(32).toString('hex')
      const t = await testAppOn({ db, dataDir, url: server.url, drop: async () => {} }, { PIN_SECRET: secret })
      const world = await prepareWorld(t, 10)
      await t.app.close()
      const env = {
        NODE_ENV: 'production',
        LOG_LEVEL: 'fatal',
        DATA_DIR: dataDir,
        SHOP_DIST_DIR: '/nonexistent',
        ADMIN_DIST_DIR: '/nonexistent',
      }
      const port = await freePort()
      node = await startNode(
        'pgkill',
        port,
        { ...env, RATE_LIMIT_FACTOR: '1000', TRUST_PROXY: 'true', DATABASE_URL: server.url, PIN_SECRET: secret },
        'inherit',
      )
      const request = httpRequester(`http://127.0.0.1:${port}`)
      const operations = quick ? 1_000 : 3_000
      const model = newModel()
      let loadDone = false
      const load = runLedgerLoad(request, db, world, {
        operations,
        clients: 10,
        seed: 7,
        snapshotEveryMs: 0,
        sweepEvery: operations + 1,
        withoutChain: true,
        model,
      })
      void load.finally(() => {
        loadDone = true
      })
      while (model.orders.size < (quick ? 60 : 200) && !loadDone) await sleep(50)
      const killedAt = Date.now()
      server.kill()
      await sleep(1_000)
      await server.start()
      let servingAgainMs = -1
      for (;;) {
        const answer = await request('GET', '/api/wallet', undefined, { token: world.buyers[0]!.token }).catch(() => undefined)
        if (answer?.status === 200) {
          servingAgainMs = Date.now() - killedAt
          break
        }
        if (Date.now() - killedAt > 120_000) break
        await sleep(100)
      }
      const run = await load
      await node.stop()
      const paid = new Set(
        (await db.kysely.selectFrom('orders').select('id').where('paid_at_ms', 'is not', null).execute()).map((o) => o.id),
      )
      const lost = [...run.model.paidAtMs.keys()].filter((id) => !paid.has(id))
      const verdict = await verifyLedger(db, world, run.model)
      figures.postgresKilled = {
        operations,
        timeToServeAgainMs: servingAgainMs,
        unansweredRequests: run.transportErrors.length,
        answeredPayments: run.model.paidAtMs.size,
        lostAnsweredPayments: lost.length,
        trialBalanceCents: verdict.trialBalanceCents,
        replayMismatches: verdict.replayMismatches.length,
        escrowMismatches: verdict.escrowMismatches.length,
      }
      expect(servingAgainMs).toBeGreaterThan(0)
      expect(lost).toEqual([])
      expect(verdict.trialBalanceCents).toBe(0)
      expect(verdict.replayMismatches).toEqual([])
      expect(verdict.escrowMismatches).toEqual([])
      unfinished--
    } finally {
      await node?.kill('SIGKILL')
      await db.close()
      server.stop()
      rmSync(dataDir, { recursive: true, force: true })
      writeFigures('crash', figures, unfinished === 0)
    }
  })
})
