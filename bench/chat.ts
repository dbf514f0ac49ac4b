/**
 * Websocket fan-out benchmark: `npm run bench:chat -- [--quick] [--clients=1000] [--only=sqlite|redis]`.
 *
 * 1,000 connected chat clients (half buyers, half merchants, one conversation per pair) in
 * this process, the server in child processes (apps/server/src/test/two-nodes.ts):
 * - `sqlite`: one node on SQLite, delivery in-process;
 * - `redis`: two nodes on one PostgreSQL and one Redis, every buyer on the other node than
 *   its merchant, so every message crosses Redis.
 * Buyers send over their sockets at stepped rates (open loop); the figure is what the
 * merchants' sockets receive: messages per second and delivery latency (send call to the
 * push arriving, one clock: this process). Then ten announcements, each to all 1,000 sockets.
 * Writes bench/results/<date>-<sha>-chat[-quick].json and .md; asserts nothing.
 */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { sql } from 'kysely'
import { type Db, openDatabase } from '../apps/server/src/db/database.ts'
import { freePort, type NodeProcess, startNode, startNodes } from '../apps/server/src/test/two-nodes.ts'
import { type FleetClient, type Heard, openFleet, percentiles } from './chat/fleet.ts'
import { api, type Pair, pairs, people } from './chat/prepare.ts'
import { type Broadcast, render, type Step } from './chat/report.ts'
import { loadAverage, machineInfo, processCpuUs } from './lib/machine.ts'

const args = new Map(process.argv.slice(2).map((a) => a.replace(/^--/, '').split('=') as [string, string | undefined]))
const quick = args.has('quick')
const clientCount = Number(args.get('clients') ?? 1000)
const only = args.get('only')
const rates = quick ? [200, 500] : [100, 250, 500, 1000]
const stepS = quick ? 5 : 10
const drainMs = 3000
const announcements = quick ? 5 : 10
const operator = { email: 'bench-operator@bazaar.test', password: 'bench-operator-password' }
const settings = {
  NODE_ENV: 'production',
  LOG_LEVEL: 'warn',
  SHOP_DIST_DIR: '/nonexistent',
  ADMIN_DIST_DIR: '/nonexistent',
  // Every client comes from one address and each buyer sends far more than a person would.
  RATE_LIMIT_FACTOR: '1000',
  OPERATOR_EMAIL: operator.email,
  OPERATOR_PASSWORD: operator.password,
}

const log = (line: string) => console.log(`[chat bench] ${line}`)
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

/** Sends at `targetPerS` for `stepS` seconds from buyers in turn; counts what merchants receive. */
async function step(list: Pair[], targetPerS: number, fleet: Map<number, FleetClient>, nodes: NodeProcess[]): Promise<Step> {
  const latencies: number[] = []
  const pending = new Map<string, number>()
  const marker = `s${targetPerS}-`
  const listener = (key: string, atMs: number) => {
    const sentAt = pending.get(key)
    if (sentAt === undefined) return
    pending.delete(key)
    latencies.push(atMs - sentAt)
  }
  collectors.add(listener)
  const cpuBefore = nodes.map((n) => processCpuUs(n.pid))
  const failuresBefore = countFailures(fleet)
  let sent = 0
  const startMs = performance.now()
  const tickMs = 10
  while (performance.now() - startMs < stepS * 1000) {
    const due = Math.floor(((performance.now() - startMs) / 1000) * targetPerS)
    for (; sent < due; sent++) {
      const pair = list[sent % list.length] as Pair
      const key = `${marker}${sent}`
      pending.set(key, performance.now())
      fleet
        .get(pair.buyer.userId)
        ?.ws.send(JSON.stringify({ kind: 'send', conversationId: pair.conversationId, message: { type: 'text', text: key } }))
    }
    await sleep(tickMs)
  }
  await sleep(drainMs)
  collectors.delete(listener)
  const cpuUs = nodes.reduce((sum, n, i) => sum + processCpuUs(n.pid) - (cpuBefore[i] as number), 0)
  const failures = countFailures(fleet)
  const sendFailures = Object.fromEntries(
    [...failures].map(([k, v]) => [k, v - (failuresBefore.get(k) ?? 0)]).filter(([, v]) => (v as number) > 0),
  )
  return {
    targetPerS,
    sent,
    delivered: latencies.length,
    lost: sent - latencies.length,
    deliveredPerS: latencies.length / stepS,
    latencyMs: percentiles(latencies),
    sendFailures,
    serverCpuUsPerMessage: latencies.length ? cpuUs / latencies.length : 0,
    loadAverage1m: loadAverage()[0],
  }
}

function countFailures(fleet: Map<number, FleetClient>): Map<string, number> {
  const total = new Map<string, number>()
  for (const client of fleet.values()) for (const [k, v] of client.failures) total.set(k, (total.get(k) ?? 0) + v)
  return total
}

/** Listeners of merchants' chat pushes (text → arrival time). */
const collectors = new Set<(key: string, atMs: number) => void>()

/** Announcements published by an operator; each must reach every socket. Latency from the publish call to each arrival. */
async function broadcasts(base: string, count: number, clients: number, noticeHeard: Map<number, number[]>): Promise<Broadcast[]> {
  const session = await api<{ token: string }>(base, 'POST', '/api/admin/auth/login', operator, {})
  const out: Broadcast[] = []
  for (let n = 0; n < count; n++) {
    const startMs = performance.now()
    const published = await api<{ id: number }>(
      base,
      'POST',
      '/api/admin/notices',
      { title: `Bench ${n}`, body: 'Fan-out test.' },
      { 'admin-token': session.token },
    )
    const deadline = performance.now() + 10_000
    while ((noticeHeard.get(published.id)?.length ?? 0) < clients && performance.now() < deadline) await sleep(5)
    const arrivals = noticeHeard.get(published.id) ?? []
    out.push({ deliveredOf: arrivals.length, clients, latencyMs: percentiles(arrivals.map((at) => at - startMs)) })
    await sleep(500)
  }
  return out
}

type ConfigResult = {
  name: string
  description: string
  nodes: number
  clients: number
  connectMs: number
  steps: Step[]
  broadcasts: Broadcast[]
}

async function runConfig(name: 'sqlite' | 'redis'): Promise<ConfigResult> {
  let nodes: NodeProcess[]
  let db: Db
  let stop: () => Promise<void>
  if (name === 'sqlite') {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'bazaar-bench-chat-'))
    const node = await startNode('node0', await freePort(), { ...settings, DATA_DIR: dataDir }, 'ignore')
    nodes = [node]
    db = openDatabase({ dataDir })
    stop = async () => {
      await db.close()
      await node.stop()
    }
  } else {
    const cluster = await startNodes({ env: settings, stderr: 'ignore' })
    nodes = cluster.nodes
    db = cluster.database.db
    stop = () => cluster.close()
  }
  try {
    log(`${name}: preparing ${clientCount} accounts`)
    const { merchants, buyers } = await people(db, clientCount)
    const list = await pairs((nodes[0] as NodeProcess).url, merchants, buyers)
    const urls = nodes.map((n) => n.url)
    const fleet = new Map<number, FleetClient>()
    const noticeHeard = new Map<number, number[]>()
    const merchantIds = new Set(merchants.map((m) => m.userId))
    const onPush = (client: FleetClient, { atMs, push }: Heard) => {
      if (push.kind === 'chat' && merchantIds.has(client.userId) && push.data.content && 'text' in push.data.content)
        for (const collect of collectors) collect(push.data.content.text, atMs)
      if (push.kind === 'notice') noticeHeard.set(push.data.id, [...(noticeHeard.get(push.data.id) ?? []), atMs])
    }
    const connectStart = performance.now()
    // Two nodes: buyer i on one node, its merchant on the other, so every message crosses Redis.
    const buyersFleet = await openFleet(urls, buyers, onPush)
    const merchantsFleet = await openFleet([...urls].reverse(), merchants, onPush)
    const connectMs = performance.now() - connectStart
    for (const c of [...buyersFleet.clients, ...merchantsFleet.clients]) fleet.set(c.userId, c)
    log(`${name}: ${fleet.size} sockets open in ${connectMs.toFixed(0)} ms`)
    await sleep(1000)
    const steps: Step[] = []
    for (const rate of rates) {
      const result = await step(list, rate, fleet, nodes)
      log(
        `${name}: ${rate}/s → ${result.deliveredPerS.toFixed(0)}/s delivered, p50 ${result.latencyMs.p50.toFixed(1)} ms, p99 ${result.latencyMs.p99.toFixed(1)} ms, lost ${result.lost}`,
      )
      steps.push(result)
    }
    const fanout = await broadcasts((nodes[0] as NodeProcess).url, announcements, fleet.size, noticeHeard)
    log(`${name}: announcements to ${fleet.size}: p99 ${fanout.map((b) => b.latencyMs.p99.toFixed(0)).join(', ')} ms`)
    await buyersFleet.close()
    await merchantsFleet.close()
    const countRow = await sql<{ n: number }>`select count(*) as n from chat_messages`.execute(db.kysely)
    log(`${name}: ${Number(countRow.rows[0]?.n)} messages stored`)
    return {
      name,
      description: name === 'sqlite' ? '1 node, SQLite, in-process delivery' : '2 nodes, PostgreSQL + Redis, every message across nodes',
      nodes: nodes.length,
      clients: fleet.size,
      connectMs,
      steps,
      broadcasts: fanout,
    }
  } finally {
    await stop()
  }
}

const configs: ConfigResult[] = []
for (const name of ['sqlite', 'redis'] as const) if (!only || only === name) configs.push(await runConfig(name))
const pg = await (async () => {
  try {
    const db = openDatabase({
      databaseUrl: process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
      dataDir: tmpdir(),
    })
    const row = await sql<{ v: string }>`select version() as v`.execute(db.kysely)
    await db.close()
    return row.rows[0]?.v.split(' on ')[0] ?? null
  } catch {
    return null
  }
})()
const machine = machineInfo({ sqlite: null, postgres: pg })
const result = { machine, quick, clients: clientCount, rates, stepS, configs }
const outDir = path.join(import.meta.dirname, 'results')
mkdirSync(outDir, { recursive: true })
const stem = `${machine.date.slice(0, 10)}-${machine.gitSha}-chat${quick ? '-quick' : ''}`
writeFileSync(path.join(outDir, `${stem}.json`), `${JSON.stringify(result, null, 2)}\n`)
writeFileSync(path.join(outDir, `${stem}.md`), render({ machine, quick, configs }, { clients: clientCount, stepS, drainMs }))
log(`wrote bench/results/${stem}.json and .md`)
