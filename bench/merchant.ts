/**
 * Merchant benchmark (issue 12): the merchant's goods list and dashboard at 1,000 listings
 * and 100,000 orders, each against the buyer's product list (G1) in the same run:
 * `npm run bench:merchant -- [--db=sqlite|postgres] [--quick] [--orders=100000]`.
 * Copies the 100k template, prepares the merchant and its order history (merchant/prepare.ts;
 * on SQLite kept in bench/.work/merchant and reused, merchant/cache.ts),
 * boots the real server with the floors, walks the buyer list's and the merchant list's
 * cursors through the real API, then alternates F_hello, F_list, G1, the goods list and the
 * dashboard under autocannon (50 connections, 10 s after 3 s warm-up, 2 runs, median).
 * Goal: each merchant route within 2× of G1's cost, i.e. ≥ 50 % of G1's req/s.
 * Writes bench/results/<date>-<sha>-merchant[-quick].json and .md (other database merged in).
 */
import { copyFileSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { sql } from 'kysely'
import { type Db, openDatabase } from '../apps/server/src/db/database.ts'
import { migrateToLatest } from '../apps/server/src/db/migrate.ts'
import { type LoadShape, measure, type RunResult } from './lib/load.ts'
import { machineInfo } from './lib/machine.ts'
import { loadPools } from './lib/pools.ts'
import { createPrng } from './lib/prng.ts'
import { type DatabaseRun, type Goal, renderMarkdown, scoreGoals } from './lib/report.ts'
import { type ServerProcess, startServerProcess } from './lib/server-process.ts'
import { requestMixes } from './lib/targets.ts'
import { findPrepared, keepPrepared, preparedKey } from './merchant/cache.ts'
import { benchShop, type MerchantSetup, merchantSession, prepareMerchant, writeOrderHistory } from './merchant/prepare.ts'
import { prepareBuyers } from './orders/prepare.ts'
import { databaseVersions } from './orders/requests.ts'
import { type BenchDialect, copyTemplate, ensureTemplate, workDir } from './seed/templates.ts'

const args = new Map(process.argv.slice(2).map((a) => a.replace(/^--/, '').split('=') as [string, string | undefined]))
const dialect = (args.get('db') ?? 'sqlite') as BenchDialect
const quick = args.has('quick')
const orderCount = Number(args.get('orders') ?? 100_000)
const listingTarget = 1_000
if (!['sqlite', 'postgres'].includes(dialect)) throw new Error(`--db must be sqlite or postgres, not ${dialect}`)
const shape: LoadShape = quick ? { connections: 50, durationS: 5, warmupS: 1 } : { connections: 50, durationS: 10, warmupS: 3 }
const runCount = quick ? 1 : 2
/** The same walk as bench/http.ts, so both share the cached cursor pools. */
const walkLimits = { pagesPerCategory: 200, deepRows: 10_000, walkBudgetMs: 180_000 }
const size = '100k'

const goals: Goal[] = [
  {
    id: 'M1',
    scenario: `merchant goods list, 20 a page, cursor, ${listingTarget} listings`,
    real: 'M_goods',
    base: 'G1',
    minRatio: 0.5,
    p99MaxMs: null,
  },
  {
    id: 'M2',
    scenario: `merchant dashboard, ${orderCount.toLocaleString('en')} orders`,
    real: 'M_dash',
    base: 'G1',
    minRatio: 0.5,
    p99MaxMs: null,
  },
  {
    id: 'G1',
    scenario: 'product list: category, cursor, 100k listings (reference)',
    real: 'G1',
    base: 'F_list',
    minRatio: null,
    p99MaxMs: null,
  },
  { id: 'M1f', scenario: 'merchant goods list against the list floor', real: 'M_goods', base: 'F_list', minRatio: null, p99MaxMs: null },
  { id: 'M2f', scenario: 'merchant dashboard against the list floor', real: 'M_dash', base: 'F_list', minRatio: null, p99MaxMs: null },
]

const cleanups: (() => Promise<void>)[] = []
async function cleanUp(): Promise<void> {
  for (const fn of cleanups.splice(0).reverse()) await fn().catch((error) => console.error('cleanup failed:', error))
}
process.once('SIGINT', () => void cleanUp().then(() => process.exit(130)))
const log = (line: string) => console.log(`[merchant ${dialect}] ${line}`)

/** The merchant's goods-list cursors, walked through the real API (pages of 20, newest first). */
async function walkGoods(url: string, token: string): Promise<(string | null)[]> {
  const cursors: (string | null)[] = [null]
  for (let cursor: string | null = null; ; ) {
    const response: Response = await fetch(`${url}/api/shop/listings?limit=20${cursor ? `&cursor=${cursor}` : ''}`, { headers: { token } })
    if (!response.ok) throw new Error(`goods list answered ${response.status}: ${await response.text()}`)
    cursor = ((await response.json()) as { data: { nextCursor: string | null } }).data.nextCursor
    if (!cursor) return cursors
    cursors.push(cursor)
  }
}

const results: Record<string, RunResult[]> = {}
const prep: Record<string, unknown> = {}
const templates: DatabaseRun['templates'] = {}
try {
  const startMs = performance.now()
  const meta = await ensureTemplate(dialect, size)
  templates[size] = { listings: meta.listings, products: meta.products, buildDurationMs: meta.buildDurationMs }
  const prng = createPrng(0x5e11e5)
  const key = preparedKey(orderCount, listingTarget)
  const cached = dialect === 'sqlite' ? findPrepared(key) : null
  const copy = await copyTemplate(dialect, size, `merchant-${dialect}-${process.pid}`)
  cleanups.push(copy.drop)
  const dbFile = path.join(copy.env.DATA_DIR, 'bazaar.sqlite')
  if (cached) copyFileSync(cached.file, dbFile)
  const db: Db = openDatabase({ databaseUrl: copy.env.DATABASE_URL, dataDir: copy.env.DATA_DIR, poolSize: 4 })
  cleanups.push(() => db.close())
  await migrateToLatest(db)
  let merchant: MerchantSetup
  if (cached) {
    const shop = await benchShop(db)
    merchant = { ...shop, token: await merchantSession(db, shop.userId), listings: Number(cached.meta.prep.listings) }
    Object.assign(prep, cached.meta.prep, { preparedFrom: path.relative(process.cwd(), cached.file) })
    log(`prepared database from the cache (${cached.file}), migrated to the current schema`)
  } else {
    const buyers = await prepareBuyers(db, 2_000, 100_000_000)
    merchant = await prepareMerchant(db, listingTarget)
    log(
      `shop ${merchant.shopId}: ${merchant.listings} listings (${Math.round(performance.now() - startMs)} ms); writing ${orderCount} orders…`,
    )
    const history = await writeOrderHistory(db, merchant, buyers, orderCount, prng, log)
    Object.assign(prep, {
      shopId: merchant.shopId,
      listings: merchant.listings,
      ...history,
      prepareMs: Math.round(performance.now() - startMs),
    })
  }
  // Statistics for the grown tables, as the template build takes them after its load: the
  // template's were taken with 4 ledger accounts and no orders, and SQLite then scans.
  await sql`analyze`.execute(db.kysely)
  log(`prepared: ${JSON.stringify(prep)}`)
  await db.close()
  if (dialect === 'sqlite' && !cached) await keepPrepared(dbFile, { key, prep })
  const server: ServerProcess = await startServerProcess({
    ...copy.env,
    ...(process.env.BENCH_PORT ? { BENCH_PORT: process.env.BENCH_PORT } : {}),
  })
  cleanups.push(server.stop)
  log(`server pid ${server.pid} at ${server.url}; walking cursors…`)
  const pools = await loadPools(server.url, meta, walkLimits, workDir)
  const goodsCursors = await walkGoods(server.url, merchant.token)
  prep.goodsPages = goodsCursors.length
  const mixes = requestMixes(pools, 0x3e7c)
  const headers = { token: merchant.token }
  const all: Record<string, () => { path: string; headers?: Record<string, string> }> = {
    F_hello: mixes.F_hello!,
    F_list: mixes.F_list!,
    G1: mixes.G1!,
    M_goods: () => {
      const cursor = prng.pick(goodsCursors)
      return { path: `/api/shop/listings?limit=20${cursor ? `&cursor=${cursor}` : ''}`, headers }
    },
    M_dash: () => ({ path: '/api/shop/dashboard', headers }),
  }
  const targets = Object.keys(all)
  for (let run = 0; run < runCount; run++) {
    for (const target of run % 2 ? [...targets].reverse() : targets) {
      const result = await measure(server.url, server.pid, target, all[target]!, shape)
      results[target] = [...(results[target] ?? []), result]
      log(
        `${target} run ${run + 1}/${runCount}: ${result.reqPerS} req/s, p50 ${result.p50Ms} ms, p99 ${result.p99Ms} ms, non-2xx ${result.non2xx}, errors ${result.errors}, ${result.serverCpuUsPerRequest} µs CPU/req`,
      )
    }
  }
} finally {
  await cleanUp()
}

const machine = machineInfo(await databaseVersions())
const run: DatabaseRun = {
  dialect,
  quick,
  shape: { ...shape, runs: runCount },
  templates,
  results,
  goals: scoreGoals(goals, results),
  clean: Object.values(results).every((rs) => rs.every((r) => r.non2xx === 0 && r.errors === 0)),
}
const resultsDir = path.resolve(import.meta.dirname, 'results')
const base = path.join(resultsDir, `${machine.date.slice(0, 10)}-${machine.gitSha}-merchant${quick ? '-quick' : ''}`)
type Stored = { machine: typeof machine; runs: Record<string, DatabaseRun>; prep: Record<string, Record<string, unknown>> }
const previous: Stored | null = existsSync(`${base}.json`) ? (JSON.parse(readFileSync(`${base}.json`, 'utf8')) as Stored) : null
const runs = { ...previous?.runs, [dialect]: run }
const preps = { ...previous?.prep, [dialect]: prep }
const page = `${renderMarkdown(machine, runs)}\nGoal (issue 12): each merchant route within 2× of the buyer's product list cost, i.e. M1 and M2 ≥ 50 % of G1's req/s in the same run.\n\n${Object.entries(
  preps,
)
  .map(([name, p]) => `Preparation (${name}): ${JSON.stringify(p)}`)
  .join('\n\n')}\n`
mkdirSync(resultsDir, { recursive: true })
writeFileSync(`${base}.json`, `${JSON.stringify({ machine, runs, prep: preps }, null, 2)}\n`)
writeFileSync(`${base}.md`, page)
console.log(`\n${page}\nwrote ${path.relative(process.cwd(), base)}.json and .md`)
