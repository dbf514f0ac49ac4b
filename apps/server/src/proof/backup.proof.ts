import { spawn } from 'node:child_process'
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { openDatabase } from '../db/database.ts'
import { auditBalances, trialBalance } from '../modules/wallet/ledger.ts'
import { createTestApp } from '../test/app-harness.ts'
import { createTestDatabase, testDialects } from '../test/databases.ts'
import { freePort, startNode } from '../test/two-nodes.ts'
import { runLedgerLoad } from './ledger-load.ts'
import { newModel } from './load-model.ts'
import { quick, writeFigures } from './results.ts'
import { prepareWorld } from './world.ts'

const repoRoot = path.resolve(import.meta.dirname, '../../../..')
const figures: Record<string, unknown> = {}
/** Checks begun and not finished (one threw): the figures file says whether the suite held. */
let unfinished = 0

/** Runs an npm script of the repository (backup, restore) with these settings; resolves with its output, rejects on failure. */
function npmRun(script: string, args: string[], env: Record<string, string>): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn('npm', ['run', '--silent', script, '--', ...args], { cwd: repoRoot, env: { ...process.env, ...env } })
    let out = ''
    child.stdout.on('data', (d) => (out += d))
    child.stderr.on('data', (d) => (out += d))
    child.once('exit', (code) => (code === 0 ? resolve(out) : reject(new Error(`npm run ${script} exited ${code}: ${out}`))))
  })
}

/**
 * The backup drill (issue 16; README, Backups): `npm run backup` runs while the ledger load
 * does, `npm run restore` brings the copy into an empty place, a server starts on it, and
 * the restored ledger balances to zero with every payment answered before the backup began.
 * Figures: bench/results/proof-backup.json.
 */
describe.each(await testDialects())('backup drill on %s', (dialect) => {
  afterAll(() => writeFigures('backup', figures, unfinished === 0))

  it('backs up during the load, restores into an empty place, and serves every answered payment', async () => {
    unfinished++
    const t = await createTestApp(dialect)
    const scratch = mkdtempSync(path.join(tmpdir(), 'bazaar-drill-'))
    const restoredPg = dialect === 'postgres' ? await createTestDatabase('postgres') : undefined
    try {
      const world = await prepareWorld(t, 10)
      const operations = quick ? 1_000 : 4_000
      const model = newModel()
      const options = { operations, clients: 10, seed: 16, snapshotEveryMs: 250, sweepEvery: 200, model }
      let loadDone = false
      const load = runLedgerLoad(t.request, t.db, world, options).finally(() => {
        loadDone = true
      })
      // The backup starts once the load is well under way: some payments answered, more to come.
      while (model.paidAtMs.size < (quick ? 15 : 60) && !loadDone) await new Promise((r) => setTimeout(r, 50))
      const backupStartMs = Date.now()
      const source = { DATA_DIR: t.dataDir, ...(t.url ? { DATABASE_URL: t.url, PIN_SECRET: 'unused-by-backup-0123456789abcdef' } : {}) }
      await npmRun('backup', [path.join(scratch, 'copies')], source)
      const backupMs = Date.now() - backupStartMs
      const run = await load
      const copy = path.join(scratch, 'copies', readdirSync(path.join(scratch, 'copies'))[0]!)
      const answeredBefore = [...run.model.paidAtMs].filter(([, ms]) => ms < backupStartMs).map(([id]) => id)

      const dataDir = path.join(scratch, 'restored')
      const target = { DATA_DIR: dataDir, ...(restoredPg?.url ? { DATABASE_URL: restoredPg.url, PIN_SECRET: 'x'.repeat(32) } : {}) }
      const restoreStartMs = Date.now()
      await npmRun('restore', [copy], target)
      const restoreMs = Date.now() - restoreStartMs
      const restored = restoredPg?.db ?? openDatabase({ dataDir })
      const paid = await restored.kysely.selectFrom('orders').select('id').where('paid_at_ms', 'is not', null).execute()
      const paidIds = new Set(paid.map((o) => o.id))
      const missing = answeredBefore.filter((id) => !paidIds.has(id))
      const { totalCents } = await trialBalance(restored.kysely)
      const mismatches = await auditBalances(restored.kysely)
      if (!restoredPg) await restored.close()

      // A server on the restored place: a buyer's session, wallet and payment password work.
      const secret = readFileSync(path.join(dataDir, 'pin-secret'), 'utf8').trim()
      const node = await startNode('restored', await freePort(), {
        NODE_ENV: 'production',
        LOG_LEVEL: 'warn',
        SHOP_DIST_DIR: '/nonexistent',
        ADMIN_DIST_DIR: '/nonexistent',
        ...target,
        ...(restoredPg ? { PIN_SECRET: secret } : {}),
      })
      let served: { wallet: number; pin: string }
      try {
        const token = world.buyers[0]!.token
        const wallet = await fetch(`${node.url}/api/wallet`, { headers: { token } })
        const pin = await fetch(`${node.url}/api/orders/pay`, {
          method: 'POST',
          headers: { token, 'content-type': 'application/json' },
          body: JSON.stringify({ orderIds: [999_999], paymentPassword: '123456' }),
        })
        served = { wallet: wallet.status, pin: ((await pin.json()) as { msg: string }).msg }
      } finally {
        await node.stop()
      }
      figures[dialect] = {
        operations,
        backupMs,
        restoreMs,
        paymentsAnsweredBeforeBackup: answeredBefore.length,
        paymentsMissingAfterRestore: missing.length,
        restoredTrialBalanceCents: totalCents,
        restoredReplayMismatches: mismatches.length,
        restoredServer: served,
      }
      expect(answeredBefore.length).toBeGreaterThan(0)
      // The load went on while the copy was taken.
      expect(run.model.paidAtMs.size).toBeGreaterThan(answeredBefore.length)
      expect(missing).toEqual([])
      expect(totalCents).toBe(0)
      expect(mismatches).toEqual([])
      // 'Order not found': the PIN was checked with the restored secret and accepted.
      expect(served).toEqual({ wallet: 200, pin: 'Order not found' })
      unfinished--
    } finally {
      await t.close()
      await restoredPg?.drop()
      rmSync(scratch, { recursive: true, force: true })
    }
  })
})
