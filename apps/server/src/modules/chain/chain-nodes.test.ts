import { randomBytes } from 'node:crypto'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { hash } from '@node-rs/argon2'
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Db } from '../../db/database.ts'
import { createTestApp, type TestApp, testAppOn } from '../../test/app-harness.ts'
import { type ChainWorld, chainSettings, chainWorld, useAnvil } from '../../test/chain/world.ts'
import { testDialects } from '../../test/databases.ts'
import { quickBuyers } from '../../test/order-helpers.ts'
import { freePort, type NodeProcess, startNode, startNodes } from '../../test/two-nodes.ts'
import { operatorHeaders } from '../../test/wallet-helpers.ts'
import { auditBalances, trialBalance } from '../wallet/ledger.ts'

const anvil = useAnvil()
const dialects = await testDialects()

/** Waits until `done` holds (checked every 50 ms), or fails after `timeoutMs`. */
async function until(what: string, done: () => Promise<boolean>, timeoutMs = 90_000): Promise<void> {
  const deadline = Date.now() + timeoutMs
  while (!(await done())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`)
    await new Promise((r) => setTimeout(r, 50))
  }
}

const count = async (db: Db, table: 'chain_deposits' | 'chain_credits', where = sql`1 = 1`) =>
  Number((await sql<{ n: number }>`select count(*) as n from ${sql.table(table)} where ${where}`.execute(db.kysely)).rows[0]?.n ?? 0)

/** Sends `n` transfers (one block each) round-robin to the buyers' addresses; returns the cents each buyer is due. */
async function sendMany(w: ChainWorld, addresses: `0x${string}`[], n: number, firstCents: number): Promise<number[]> {
  const due = addresses.map(() => 0)
  for (let i = 0; i < n; i++) {
    await w.send('ERC20', addresses[i % addresses.length]!, { cents: firstCents + i })
    due[i % addresses.length]! += firstCents + i
  }
  return due
}

/** Every buyer credited exactly what was sent, once per transfer; the books balance. */
async function expectCreditedOnce(db: Db, buyers: { userId: number }[], due: number[], transfers: number) {
  expect(await count(db, 'chain_credits')).toBe(transfers)
  const credits = await db.kysely.selectFrom('chain_credits').select(['user_id', 'amount_cents']).execute()
  for (const [i, b] of buyers.entries())
    expect(credits.filter((c) => c.user_id === b.userId).reduce((s, c) => s + Number(c.amount_cents), 0)).toBe(due[i])
  const transfersOfDeposits = await db.kysely
    .selectFrom('ledger_transfers')
    .select('id')
    .where('reference_type', '=', 'chain_deposit')
    .execute()
  expect(transfersOfDeposits).toHaveLength(transfers)
  expect((await trialBalance(db.kysely)).totalCents).toBe(0)
  expect(await auditBalances(db.kysely)).toEqual([])
}

/** What a server process of these tests is started with besides its database. */
const nodeEnv = (anvilUrl: string) => ({
  NODE_ENV: 'production',
  LOG_LEVEL: 'error',
  ERC20_RPC_URL: anvilUrl,
  CHAIN_POLL_MS: '50',
  // One block per eth_getLogs: many small ranges, each its own transaction, so a kill lands mid-scan.
  CHAIN_LOG_RANGE: '1',
  SHOP_DIST_DIR: '/nonexistent',
  ADMIN_DIST_DIR: '/nonexistent',
})

/**
 * The watcher in real server processes (issue 21): killed with SIGKILL in the middle of a scan
 * and started again, it loses and doubles nothing (the cursor moves in each range's
 * transaction); two nodes watching one network credit each deposit once (one holds the lease),
 * and the other takes over when the holder dies.
 */
describe.each(dialects)('the chain watcher in server processes on %s', (dialect) => {
  let t: TestApp
  let w: ChainWorld
  let node: NodeProcess | undefined
  beforeAll(async () => {
    t = await createTestApp(dialect, chainSettings(anvil()))
    w = await chainWorld(t, await operatorHeaders(t), anvil())
    await w.configure('ERC20', { confirmations: 2 })
  })
  afterAll(async () => {
    await node?.kill()
    await t?.close()
  })

  it('loses and doubles nothing when the server is killed (SIGKILL) mid-scan and started again', async () => {
    const buyers = await quickBuyers(t, 20, await hash('123456'))
    const addresses: `0x${string}`[] = []
    for (const b of buyers) addresses.push(await w.addressOf('ERC20', b))
    const transfers = 80
    const due = await sendMany(w, addresses, transfers, 100)
    await w.anvil.mine(2)
    const env = {
      ...nodeEnv(w.anvil.url),
      ...(dialect === 'postgres'
        ? { DATABASE_URL: t.url!, PIN_SECRET: randomBytes(32).toString('hex'), DATA_DIR: mkdtempSync(path.join(tmpdir(), 'bazaar-chain-')) }
        : { DATA_DIR: t.dataDir }),
    }
    const port = await freePort()
    // Killed twice: while the first ranges are recorded, then while deposits are being credited.
    const kills: string[] = []
    for (const [moment, reached] of [
      ['the first deposits recorded', async () => (await count(t.db, 'chain_deposits')) > 0],
      ['the first credits', async () => (await count(t.db, 'chain_credits')) > 0],
    ] as const) {
      node = await startNode('chain', port, env, 'inherit')
      await until(moment, reached, 60_000)
      await node.kill('SIGKILL')
      kills.push(`${await count(t.db, 'chain_deposits')} recorded and ${await count(t.db, 'chain_credits')} credited`)
    }
    expect(await count(t.db, 'chain_credits')).toBeLessThan(transfers)
    node = await startNode('chain', port, env, 'inherit')
    await until('every deposit credited', async () => (await count(t.db, 'chain_credits')) >= transfers)
    await node.stop()
    node = undefined
    expect(await count(t.db, 'chain_deposits')).toBe(transfers)
    console.log(`kill -9 on ${dialect}: killed at ${kills.join(', then at ')}; ${transfers} of ${transfers} credited once after restart`)
    await expectCreditedOnce(t.db, buyers, due, transfers)
  }, 240_000)
})

describe.skipIf(!dialects.includes('postgres'))('two nodes watching one network (PostgreSQL)', () => {
  it('credits each deposit once; one node holds the lease; the other takes over when the holder dies', async () => {
    const cluster = await startNodes({ env: nodeEnv(anvil().url), stderr: 'inherit' })
    const t = await testAppOn(cluster.database, chainSettings(anvil()))
    try {
      const w = await chainWorld(t, await operatorHeaders(t), anvil())
      await w.configure('ERC20', { confirmations: 2 })
      const buyers = await quickBuyers(t, 15, await hash('123456'))
      const addresses: `0x${string}`[] = []
      for (const b of buyers) addresses.push(await w.addressOf('ERC20', b))
      const leaseHolders = async () =>
        Number(
          (
            await sql<{ n: number }>`select count(*) as n from pg_stat_activity
              where application_name = 'bazaar lease chain-watcher:ERC20'`.execute(t.db.kysely)
          ).rows[0]?.n,
        )
      const due = await sendMany(w, addresses, 30, 100)
      await w.anvil.mine(2)
      await until('30 deposits credited', async () => (await count(t.db, 'chain_credits')) >= 30)
      expect(await leaseHolders()).toBe(1)
      // Each node dies once while deposits arrive: whichever held the lease, the other goes on.
      let sent = 30
      for (const victim of [0, 1]) {
        await cluster.nodes[victim]!.kill('SIGKILL')
        const more = await sendMany(w, addresses, 15, 1_000 + sent)
        for (const [i, cents] of more.entries()) due[i]! += cents
        sent += 15
        await w.anvil.mine(2)
        await until(`${sent} deposits credited`, async () => (await count(t.db, 'chain_credits')) >= sent)
        await cluster.restart(victim)
      }
      expect(await leaseHolders()).toBe(1)
      await expectCreditedOnce(t.db, buyers, due, sent)
    } finally {
      await t.app.close()
      await cluster.close()
    }
  }, 300_000)
})
