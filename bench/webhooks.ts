/**
 * G14 (BENCH.md): webhooks. Events committed to the outbox one transaction each (the same
 * `recordWebhookEvents` a payment calls), as fast as one writer goes, while one node's
 * delivery worker (the server's own, default settings: 10 s timeout, 1 s poll, woken by its
 * own commits) signs and sends them to a local receiver that answers 200 at once. Records
 * events delivered per second (first commit → last delivery) and the p50 / p99 seconds from
 * a commit to the receiver having it, on SQLite and on PostgreSQL (when it answers), with the
 * machine's load. Recorded, not asserted (goal: p99 < 2 s).
 * Writes bench/results/<date>-<sha>-webhooks.{json,md}.
 *
 * Usage: node --import tsx bench/webhooks.ts [--events=2000]
 */
import { execSync } from 'node:child_process'
import { mkdirSync, writeFileSync } from 'node:fs'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import path from 'node:path'
import { loadConfig } from '../apps/server/src/config.ts'
import type { DialectName } from '../apps/server/src/db/database.ts'
import { migrateToLatest } from '../apps/server/src/db/migrate.ts'
import { seedDatabase } from '../apps/server/src/db/seed/seed.ts'
import { startWebhookWorker } from '../apps/server/src/modules/integrations/delivery-worker.ts'
import { recordWebhookEvents } from '../apps/server/src/modules/integrations/outbox-service.ts'
import { createTestDatabase, testDialects } from '../apps/server/src/test/databases.ts'
import { loadAverage } from './lib/machine.ts'

const args = new Map(process.argv.slice(2).map((a) => a.replace(/^--/, '').split('=') as [string, string]))
const events = Number(args.get('events') ?? 2000)
const only = args.get('only')

interface Run {
  dialect: DialectName
  events: number
  delivered: number
  eventsPerSecond: number
  p50Seconds: number
  p99Seconds: number
  maxSeconds: number
  loadBefore: number[]
  loadAfter: number[]
}

const quantile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN

async function runOn(dialect: DialectName): Promise<Run> {
  const database = await createTestDatabase(dialect)
  await migrateToLatest(database.db)
  const receivedAt = new Map<number, number>()
  const server = createServer((req, res) => {
    let body = ''
    req.on('data', (c: Buffer) => {
      body += c
    })
    req.on('end', () => {
      const n = (JSON.parse(body) as { data: { orderId: number } }).data.orderId
      if (!receivedAt.has(n)) receivedAt.set(n, performance.now())
      res.writeHead(200).end()
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`
  // The seeded demo shops; the first one's endpoint, written straight in: the bench is about delivery.
  const defaults = loadConfig({})
  await seedDatabase(database.db, { catalogueDir: defaults.CATALOGUE_DIR, articlesDir: defaults.ARTICLES_DIR, progress: false })
  const kysely = database.db.kysely
  const shopId = (await kysely.selectFrom('shops').select('id').orderBy('id').executeTakeFirstOrThrow()).id
  await kysely
    .insertInto('webhook_endpoints')
    .values({
      shop_id: shopId,
      url,
      events_json: '["order.paid"]',
      secret: `whsec_${Buffer.alloc(32, 7).toString('base64')}`,
      status: 'active',
      created_at_ms: Date.now(),
    })
    .execute()
  const worker = startWebhookWorker(database.db, {
    allowPrivate: true,
    timeoutMs: 10_000,
    firstRetryMs: 30_000,
    pollMs: 1_000,
    log: { error: console.error, warn: console.warn, info: () => {} },
  })
  const loadBefore = loadAverage()
  const committedAt = new Map<number, number>()
  const started = performance.now()
  for (let n = 1; n <= events; n++) {
    await kysely.transaction().execute((trx) => recordWebhookEvents(trx, [{ shopId, type: 'order.paid', data: { orderId: n } }]))
    committedAt.set(n, performance.now())
  }
  const deadline = Date.now() + 120_000
  while (receivedAt.size < events && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20))
  const finished = Math.max(...receivedAt.values())
  const latencies = [...receivedAt].map(([n, at]) => (at - (committedAt.get(n) ?? at)) / 1000).sort((a, b) => a - b)
  await worker.stop()
  await new Promise<void>((resolve) => server.close(() => resolve()))
  await database.drop()
  return {
    dialect,
    events,
    delivered: receivedAt.size,
    eventsPerSecond: Math.round((receivedAt.size / ((finished - started) / 1000)) * 10) / 10,
    p50Seconds: Math.round(quantile(latencies, 0.5) * 1000) / 1000,
    p99Seconds: Math.round(quantile(latencies, 0.99) * 1000) / 1000,
    maxSeconds: Math.round((latencies.at(-1) ?? Number.NaN) * 1000) / 1000,
    loadBefore,
    loadAfter: loadAverage(),
  }
}

const runs: Run[] = []
for (const dialect of (await testDialects()).filter((d) => !only || d === only)) {
  const run = await runOn(dialect)
  runs.push(run)
  console.log(JSON.stringify(run))
}
const sha = execSync('git rev-parse --short HEAD', { encoding: 'utf8' }).trim()
const date = new Date().toISOString().slice(0, 10)
const dir = path.resolve(import.meta.dirname, 'results')
mkdirSync(dir, { recursive: true })
const base = path.join(dir, `${date}-${sha}-webhooks`)
writeFileSync(`${base}.json`, `${JSON.stringify({ goal: 'G14', events, runs }, null, 2)}\n`)
const lines = [
  `# G14 webhooks, ${date} at ${sha}`,
  '',
  `${events} events, one transaction each, delivered by one node's worker (default settings) to a local receiver answering 200.`,
  '',
  '| database | delivered | events/s | p50 commit→delivery | p99 | max | load 1 min before / after |',
  '|---|---|---|---|---|---|---|',
  ...runs.map(
    (r) =>
      `| ${r.dialect} | ${r.delivered}/${r.events} | ${r.eventsPerSecond} | ${r.p50Seconds} s | ${r.p99Seconds} s | ${r.maxSeconds} s | ${r.loadBefore[0]?.toFixed(2)} / ${r.loadAfter[0]?.toFixed(2)} |`,
  ),
  '',
]
writeFileSync(`${base}.md`, lines.join('\n'))
console.log(lines.join('\n'))
