/**
 * G13 (docs/BENCH.md): deposits credited by the chain. `npm run bench:chain -- [--quick]`
 *
 * anvil from npm and one real server process (SQLite, production mode, the default 2 s poll,
 * ERC20 at its shipped 12 confirmations, a 6-decimal token compiled from OpenZeppelin):
 * - latency: `samples` deposits one at a time; each transfer is mined, then the 11 blocks
 *   that bring it to 12 confirmations are mined at once; the figure is the time from that
 *   mine call returning to the deposit's credit (its `decided_at_ms`, the same clock);
 * - throughput: `burst` transfers to 200 users, mined together in as few blocks as they fit and
 *   confirmed at once; credits per second from the confirming block to the last credit, and
 *   within the watcher's own work (first credit to last).
 * Writes bench/results/<date>-<sha>-chain[-quick].json and .md with the machine's load;
 * asserts nothing (goal: credit within 2 s of the confirming block at the default poll).
 */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { sql } from 'kysely'
import { type Address, encodeFunctionData } from 'viem'
import { openDatabase } from '../apps/server/src/db/database.ts'
import { newInvitationCode, newSessionToken, sha256 } from '../apps/server/src/platform/tokens.ts'
import { startAnvil } from '../apps/server/src/test/chain/anvil.ts'
import { platformXpub } from '../apps/server/src/test/chain/keys.ts'
import { deployTestToken, testTokenArtifact } from '../apps/server/src/test/chain/token.ts'
import { freePort, startNode } from '../apps/server/src/test/two-nodes.ts'
import { percentiles } from './chat/fleet.ts'
import { loadAverage, machineInfo, processCpuUs } from './lib/machine.ts'

const quick = process.argv.includes('--quick')
const samples = quick ? 10 : 30
const burst = quick ? 500 : 2_000
const users = 200
const confirmations = 12
const operator = { email: 'bench-operator@bazaar.test', password: 'bench-operator-password' }
const log = (line: string) => console.log(`[chain bench] ${line}`)
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

const anvil = await startAnvil()
const { abi } = testTokenArtifact()
const token = await deployTestToken(anvil, 6)
const dataDir = mkdtempSync(path.join(tmpdir(), 'bazaar-chain-bench-'))
const node = await startNode(
  'chain-bench',
  await freePort(),
  {
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
    DATA_DIR: dataDir,
    SHOP_DIST_DIR: '/nonexistent',
    ADMIN_DIST_DIR: '/nonexistent',
    RATE_LIMIT_FACTOR: '1000',
    OPERATOR_EMAIL: operator.email,
    OPERATOR_PASSWORD: operator.password,
    ERC20_RPC_URL: anvil.url,
  },
  'inherit',
)
const db = openDatabase({ dataDir })
const call = async (method: string, url: string, body: unknown, headers: Record<string, string>) => {
  const res = await fetch(`${node.url}${url}`, {
    method,
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  })
  const reply = (await res.json()) as { code: number; msg: string; data: unknown }
  if (reply.code !== 1) throw new Error(`${method} ${url}: ${res.status} ${reply.msg}`)
  return reply.data
}
try {
  const session = (await call('POST', '/api/admin/auth/login', operator, {})) as { token: string }
  const admin = { 'admin-token': session.token }
  await call(
    'PUT',
    '/api/admin/networks/ERC20/chain',
    {
      enabled: true,
      xpub: platformXpub,
      tokenAddress: token.address,
      tokenDecimals: 6,
      chainId: anvil.chainId,
      confirmations,
      depositMinCents: 100,
      startBlock: Number(await anvil.client.getBlockNumber()) + 1,
      payoutAddresses: [],
      coldAddresses: [],
    },
    admin,
  )
  log(`server up; ${users} users get their addresses`)
  const addresses: Address[] = []
  for (let n = 0; n < users; n++) {
    const user = await db.kysely
      .insertInto('users')
      .values({
        email: `chain-bench-${n}@bazaar.test`,
        password_hash: 'not-for-login',
        nickname: `bench_${newInvitationCode()}`,
        invitation_code: newInvitationCode(),
        created_at_ms: Date.now(),
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    const token_ = newSessionToken()
    await db.kysely
      .insertInto('sessions')
      .values({
        token_hash: sha256(token_),
        user_id: user.id,
        created_at_ms: Date.now(),
        expires_at_ms: Date.now() + 86_400_000,
        revoked_at_ms: null,
      })
      .execute()
    addresses.push(
      ((await call('POST', '/api/wallet/deposit-address', { networkCode: 'ERC20' }, { token: token_ })) as { address: Address }).address,
    )
  }
  const transfer = (to: Address, cents: number, nonce?: number) =>
    anvil.wallet.sendTransaction({
      to: token.address,
      data: encodeFunctionData({ abi, functionName: 'transfer', args: [to, BigInt(cents) * 10_000n] }),
      ...(nonce === undefined ? {} : { nonce, gas: 100_000n }),
    })
  const decidedAt = async (txHash: string) =>
    (
      await db.kysely
        .selectFrom('chain_deposits')
        .select(['status', 'decided_at_ms'])
        .where('tx_hash', '=', txHash.toLowerCase())
        .executeTakeFirst()
    )?.decided_at_ms

  log(`latency: ${samples} deposits, one at a time`)
  const latencies: number[] = []
  const loadDuring: number[] = []
  const cpuBefore = processCpuUs(node.pid)
  for (let i = 0; i < samples; i++) {
    const hash = await transfer(addresses[i % users]!, 1_000 + i)
    await anvil.client.waitForTransactionReceipt({ hash })
    await anvil.mine(confirmations - 1)
    const confirmedAtMs = Date.now()
    for (;;) {
      const at = await decidedAt(hash)
      if (at !== null && at !== undefined) {
        latencies.push(Number(at) - confirmedAtMs)
        break
      }
      if (Date.now() - confirmedAtMs > 30_000) throw new Error(`deposit ${hash} not credited within 30 s`)
      await sleep(10)
    }
    loadDuring.push(loadAverage()[0])
    // Another phase against the poll for the next sample.
    await sleep(Math.floor(Math.random() * 1_000))
  }
  log(`latency p50 ${percentiles(latencies).p50} ms, max ${percentiles(latencies).max} ms`)

  log(`throughput: ${burst} transfers, mined together, then confirmed at once`)
  const creditCount = async () => Number((await sql<{ n: number }>`select count(*) as n from chain_credits`.execute(db.kysely)).rows[0]?.n)
  const before = await creditCount()
  // Every transfer waits in the pool while they are sent, then all are mined in a few blocks and
  // confirmed at once: no deposit of the burst reaches its confirmations before the last one.
  await anvil.test.setAutomine(false)
  let nonce = await anvil.client.getTransactionCount({ address: anvil.wallet.account.address, blockTag: 'pending' })
  for (let i = 0; i < burst; i++) await transfer(addresses[i % users]!, 500 + (i % 100), nonce++)
  const firstBurstBlock = Number(await anvil.client.getBlockNumber()) + 1
  for (let n = 0; n < 100; n++) {
    await anvil.mine(1)
    const pending = (await anvil.client.request({ method: 'txpool_status' as never })) as { pending: string }
    if (Number(pending.pending) === 0) break
  }
  const burstBlocks = Number(await anvil.client.getBlockNumber()) - firstBurstBlock + 1
  await anvil.test.setAutomine(true)
  await anvil.mine(confirmations)
  const burstConfirmedAtMs = Date.now()
  for (;;) {
    if ((await creditCount()) - before >= burst) break
    if (Date.now() - burstConfirmedAtMs > 600_000) throw new Error('burst not credited within 10 minutes')
    await sleep(50)
  }
  const span = await sql<{ first: number; last: number }>`select min(decided_at_ms) as first, max(decided_at_ms) as last from chain_deposits
    where decided_at_ms >= ${burstConfirmedAtMs}`.execute(db.kysely)
  const first = Number(span.rows[0]?.first)
  const last = Number(span.rows[0]?.last)
  const cpuUs = processCpuUs(node.pid) - cpuBefore
  const result = {
    machine: machineInfo({ sqlite: null, postgres: null }),
    quick,
    pollMs: 2_000,
    confirmations,
    latency: {
      samples,
      ms: percentiles(latencies),
      meanMs: Math.round(latencies.reduce((a, b) => a + b, 0) / latencies.length),
      all: latencies,
    },
    throughput: {
      deposits: burst,
      users,
      blocks: burstBlocks,
      confirmingBlockToLastCreditMs: last - burstConfirmedAtMs,
      creditsPerSecondEndToEnd: Math.round((burst / (last - burstConfirmedAtMs)) * 1000),
      creditsPerSecondWhileCrediting: Math.round((burst / Math.max(1, last - first)) * 1000),
    },
    serverCpuSeconds: Math.round(cpuUs / 1e4) / 100,
    loadAverage1mDuring: { min: Math.min(...loadDuring), max: Math.max(...loadDuring), end: loadAverage() },
  }
  const goalMet = result.latency.ms.max < 2_000
  const md = [
    `# G13 chain deposits (${quick ? 'quick' : 'full'}), ${result.machine.date.slice(0, 10)} ${result.machine.gitSha}`,
    '',
    `${result.machine.cpuModel}, ${result.machine.nproc} cores, Node ${result.machine.node}; other load (1 min average) ${result.loadAverage1mDuring.min}–${result.loadAverage1mDuring.max} during the latency samples.`,
    '',
    '| figure | value | goal |',
    '|---|---|---|',
    `| confirming block → credit, p50 / p90 / max (${samples} samples) | ${result.latency.ms.p50} / ${result.latency.ms.p90} / ${result.latency.ms.max} ms | < 2,000 ms at the 2 s poll: ${goalMet ? 'met' : 'not met'} |`,
    `| ${burst} deposits to ${users} users in ${burstBlocks} blocks: confirming block → last credit | ${result.throughput.confirmingBlockToLastCreditMs} ms (${result.throughput.creditsPerSecondEndToEnd} credits/s) | recorded |`,
    `| the same, while crediting (first → last credit) | ${result.throughput.creditsPerSecondWhileCrediting} credits/s | recorded |`,
    `| server CPU over both | ${result.serverCpuSeconds} s | – |`,
    '',
  ].join('\n')
  const outDir = path.join(import.meta.dirname, 'results')
  mkdirSync(outDir, { recursive: true })
  const stem = `${result.machine.date.slice(0, 10)}-${result.machine.gitSha}-chain${quick ? '-quick' : ''}`
  writeFileSync(path.join(outDir, `${stem}.json`), `${JSON.stringify(result, null, 2)}\n`)
  writeFileSync(path.join(outDir, `${stem}.md`), md)
  log(md)
  log(`wrote bench/results/${stem}.json and .md`)
} finally {
  await db.close()
  await node.stop()
  await anvil.stop()
}
