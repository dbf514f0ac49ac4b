/**
 * Order and payment benchmark (BENCH.md G4–G8, G10):
 * `npm run bench:orders -- [--db=sqlite|postgres] [--quick] [--size=10k|100k]`.
 * Copies a template, prepares buyers (session, address, payment password, wallet funded by
 * ledger transfers) and pools of unpaid orders through the product's createOrders(), boots
 * the real server with the floors, then alternates F_pay, add to cart (G4), pay (G5) and
 * hot-shop pay (G6) under autocannon; after every payment run it checks the ledger (G7).
 * Then the payment function in-process against the floor's transaction (G8), and the statements
 * one payment sends to the database, counted at the driver (one order, and three in one call).
 * `--statements` prepares a few buyers and only counts the statements (seconds, no load).
 * Writes bench/results/<date>-<sha>-orders[-quick|-statements].json and .md (other database merged in).
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { type Db, openDatabase } from '../apps/server/src/db/database.ts'
import { migrateToLatest } from '../apps/server/src/db/migrate.ts'
import { registerPinSecret } from '../apps/server/src/platform/pin-secret.ts'
import { type BenchRequest, type LoadShape, measure, type RunResult } from './lib/load.ts'
import { machineInfo } from './lib/machine.ts'
import type { Pools } from './lib/pools.ts'
import { createPrng } from './lib/prng.ts'
import { type Goal, scoreGoals } from './lib/report.ts'
import { benchPinSecret, type ServerProcess, startServerProcess } from './lib/server-process.ts'
import { requestMixes } from './lib/targets.ts'
import { type DuplicateKeyCheck, duplicateKeyCheck, type LedgerCheck, ledgerCheck } from './orders/checks.ts'
import { type InProcessResult, inProcessPayments } from './orders/inprocess.ts'
import { type Buyer, placeOrders, prepareBuyers, prepareHotShop, sellableSkus } from './orders/prepare.ts'
import { renderOrdersMarkdown } from './orders/report.ts'
import { databaseVersions, orderQueue, payRequest } from './orders/requests.ts'
import { type PaymentStatements, paymentStatements } from './orders/statements.ts'
import type { BenchSize } from './seed/plan.ts'
import { type BenchDialect, copyTemplate, ensureTemplate } from './seed/templates.ts'

const args = new Map(process.argv.slice(2).map((a) => a.replace(/^--/, '').split('=') as [string, string | undefined]))
const dialect = (args.get('db') ?? 'sqlite') as BenchDialect
const size = (args.get('size') ?? '10k') as BenchSize
const quick = args.has('quick')
const statementsOnly = args.has('statements')
if (!['sqlite', 'postgres'].includes(dialect)) throw new Error(`--db must be sqlite or postgres, not ${dialect}`)
const shape: LoadShape = quick ? { connections: 50, durationS: 5, warmupS: 1 } : { connections: 50, durationS: 10, warmupS: 3 }
const runCount = quick ? 1 : 2
const buyerTotal = statementsOnly ? 10 : 2_000
const fundCents = 100_000_000 // 1,000,000.00 a buyer: no payment is refused for balance
/** Orders a payment target may use in all its runs (warm-ups included); bounded in time too. */
const poolSize = quick ? 6_000 : 15_000
const poolBudgetMs = 120_000
const g8Orders = quick ? 150 : 300
const g8BudgetMs = 30_000

const goals: Goal[] = [
  { id: 'G4', scenario: 'add to cart (random buyer, random listing SKU)', real: 'G4', base: 'F_pay', minRatio: 0.4, p99MaxMs: 80 },
  {
    id: 'G5',
    scenario: `pay an order from the wallet (${dialect})`,
    real: 'G5',
    base: 'F_pay',
    minRatio: 0.4,
    p99MaxMs: dialect === 'postgres' ? 150 : 100,
  },
  {
    id: 'G6',
    scenario: 'hot shop: every order to one shop',
    real: 'G6',
    base: 'G5',
    minRatio: dialect === 'postgres' ? 0.4 : 0.9,
    p99MaxMs: 250,
  },
]

/** Ends the run after the statement count (`--statements`): the cleanups still run. */
class StatementsOnly extends Error {}

const cleanups: (() => Promise<void>)[] = []
async function cleanUp(): Promise<void> {
  for (const fn of cleanups.splice(0).reverse()) await fn().catch((error) => console.error('cleanup failed:', error))
}
process.once('SIGINT', () => void cleanUp().then(() => process.exit(130)))

const log = (line: string) => console.log(`[orders ${dialect}] ${line}`)

const results: Record<string, RunResult[]> = {}
const checks: { after: string; ledger: LedgerCheck; duplicateKey: DuplicateKeyCheck; ordersDrawn: number; poolExhausted: number }[] = []
let inProcess: InProcessResult | null = null
let statements: PaymentStatements | null = null
const prep: Record<string, number> = {}
try {
  const startMs = performance.now()
  await ensureTemplate(dialect, size)
  const copy = await copyTemplate(dialect, size, `orders-${dialect}-${size}-${process.pid}`)
  cleanups.push(copy.drop)
  const db: Db = openDatabase({ databaseUrl: copy.env.DATABASE_URL, dataDir: copy.env.DATA_DIR, poolSize: 4 })
  // Payments run in this process too (inprocess.ts): the same secret as the server process.
  registerPinSecret(db, Buffer.from(benchPinSecret))
  cleanups.push(() => db.close())
  await migrateToLatest(db)
  const prng = createPrng(0x0bde75)
  const buyers: Buyer[] = await prepareBuyers(db, buyerTotal, fundCents)
  const hotShopId = await prepareHotShop(db)
  const skus = await sellableSkus(db, 20)
  const hotSkus = await sellableSkus(db, 20, hotShopId)
  log(
    `${buyers.length} buyers funded, ${skus.length} sellable SKUs, hot shop ${hotShopId} with ${hotSkus.length} SKUs (${Math.round(performance.now() - startMs)} ms)`,
  )
  statements = await paymentStatements(db, buyers[0]!, skus)
  log(
    `statements of one payment, counted at the driver: ${statements.oneOrder.count} for one order, ${statements.threeOrders.count} for three orders in one call`,
  )
  for (const [i, text] of statements.oneOrder.statements.entries()) log(`  ${i + 1}. ${text}`)
  if (statementsOnly) throw new StatementsOnly()
  const pools = {
    G5: await placeOrders(db, buyers, skus, poolSize, prng, poolBudgetMs),
    G6: await placeOrders(db, buyers, hotSkus, poolSize, prng, poolBudgetMs),
    G8: await placeOrders(db, buyers, skus, g8Orders, prng, poolBudgetMs),
    dup: await placeOrders(db, buyers, skus, 2 * runCount + 2, prng, poolBudgetMs),
  }
  Object.assign(prep, {
    buyers: buyers.length,
    fundCentsEach: fundCents,
    hotShopId,
    sellableSkus: skus.length,
    hotShopSkus: hotSkus.length,
    poolG5: pools.G5.length,
    poolG6: pools.G6.length,
    poolG8: pools.G8.length,
    prepareMs: Math.round(performance.now() - startMs),
  })
  log(`order pools: G5 ${pools.G5.length}, G6 ${pools.G6.length}, G8 ${pools.G8.length} (${prep.prepareMs} ms in all)`)
  const baseline = await ledgerCheck(db)
  if (!baseline.pass) throw new Error(`ledger not balanced before the run: ${JSON.stringify(baseline)}`)

  // Per-IP limits lifted: every request comes from the load generator's one address (the
  // limits themselves are proved by `npm run proof`, attempts and nodes).
  const server: ServerProcess = await startServerProcess({ ...copy.env, RATE_LIMIT_FACTOR: '1000' })
  cleanups.push(server.stop)
  log(`server pid ${server.pid} at ${server.url}`)
  const fPay = requestMixes({} as Pools, 0xf0a7).F_pay!
  const queues = { G5: orderQueue(pools.G5), G6: orderQueue(pools.G6) }
  const dupQueue = orderQueue(pools.dup)
  const mixes: Record<string, () => BenchRequest> = {
    F_pay: fPay,
    G4: () => {
      const buyer = prng.pick(buyers)
      const sku = prng.pick(skus)
      return {
        method: 'POST',
        path: '/api/cart/items',
        headers: { token: buyer.token },
        body: { listingId: sku.listingId, skuId: sku.skuId, quantity: 1 },
      }
    },
    G5: () => payRequest(queues.G5.take(), 'g5'),
    G6: () => payRequest(queues.G6.take(), 'g6'),
  }
  const targets = ['F_pay', 'G4', 'G5', 'G6']
  for (let run = 0; run < runCount; run++) {
    for (const target of run % 2 ? [...targets].reverse() : targets) {
      const result = await measure(server.url, server.pid, target, mixes[target]!, shape)
      results[target] = [...(results[target] ?? []), result]
      log(
        `${target} run ${run + 1}/${runCount}: ${result.reqPerS} req/s, p50 ${result.p50Ms} ms, p99 ${result.p99Ms} ms, statuses ${JSON.stringify(result.statusCounts)}, errors ${result.errors}, ${result.serverCpuUsPerRequest} µs CPU/req`,
      )
      if (target === 'G5' || target === 'G6') {
        const queue = queues[target]
        const ledger = await ledgerCheck(db)
        const duplicateKey = await duplicateKeyCheck(db, server.url, dupQueue.take())
        checks.push({ after: `${target} run ${run + 1}`, ledger, duplicateKey, ordersDrawn: queue.drawn, poolExhausted: queue.exhausted })
        log(
          `G7 after ${target}: trial balance ${ledger.trialBalanceTotalCents}, audit mismatches ${ledger.auditMismatches.length}, paid orders ${ledger.paidOrders} = payment transfers ${ledger.orderPaymentTransfers}, paid twice ${ledger.ordersPaidTwice}; same key twice at once → ${duplicateKey.statuses.join('/')} and ${duplicateKey.paymentTransfers} transfer; ${ledger.pass && duplicateKey.pass ? 'PASS' : 'FAIL'}${queue.exhausted ? ` (pool exhausted by ${queue.exhausted})` : ''}`,
        )
      }
    }
  }
  await server.stop()
  log('G8: payOrders() in-process vs the floor transaction…')
  inProcess = await inProcessPayments(db, pools.G8, prng, g8BudgetMs)
  log(
    `G8: payOrders ${inProcess.payOrders.opsPerS}/s (${inProcess.payOrders.meanUs} µs each), floor ${inProcess.floor.opsPerS}/s (${inProcess.floor.meanUs} µs), PIN check ${inProcess.pinCheck.meanUs} µs; ratio ${inProcess.ratio.toFixed(3)}, rest of payOrders without it ≈ ${inProcess.restUs} µs`,
  )
  const after = await ledgerCheck(db)
  checks.push({
    after: 'G8 in-process',
    ledger: after,
    duplicateKey: { orderId: 0, statuses: [], paymentTransfers: 1, pass: true },
    ordersDrawn: inProcess.payOrders.ops,
    poolExhausted: 0,
  })
} catch (error) {
  if (!(error instanceof StatementsOnly)) throw error
} finally {
  await cleanUp()
}

// ---- scoring and report ----
const scored = scoreGoals(goals, results)
const expectedStatuses = new Set(['409', '422'])
const g10 = Object.fromEntries(
  Object.entries(results).map(([target, runs]) => {
    const unexpected: Record<string, number> = {}
    const expected: Record<string, number> = {}
    for (const r of runs)
      for (const [code, n] of Object.entries(r.statusCounts))
        if (!code.startsWith('2'))
          (expectedStatuses.has(code) ? expected : unexpected)[code] = ((expectedStatuses.has(code) ? expected : unexpected)[code] ?? 0) + n
    const errors = runs.reduce((s, r) => s + r.errors + r.timeouts, 0)
    return [target, { unexpected, expected, errors, pass: Object.keys(unexpected).length === 0 && errors === 0 }]
  }),
)
const g7Pass = checks.every((c) => c.ledger.pass && c.duplicateKey.pass && c.poolExhausted === 0)
const g8Pass = inProcess ? inProcess.ratio >= 0.5 : null
const machine = machineInfo(await databaseVersions())
const run = {
  dialect,
  size,
  quick,
  shape: { ...shape, runs: runCount },
  prep,
  results,
  goals: scored,
  g7: { pass: g7Pass, checks },
  g8: inProcess && { ...inProcess, goal: 0.5, pass: g8Pass },
  g10,
  statements,
}

const resultsDir = path.resolve(import.meta.dirname, 'results')
const base = path.join(
  resultsDir,
  `${machine.date.slice(0, 10)}-${machine.gitSha}-orders${statementsOnly ? '-statements' : quick ? '-quick' : ''}`,
)
const previous = existsSync(`${base}.json`)
  ? (JSON.parse(readFileSync(`${base}.json`, 'utf8')) as { runs: Record<string, typeof run> }).runs
  : {}
const runs = { ...previous, [dialect]: run }

/** One dialect's run as written to the result file (bench/orders/report.ts renders it). */
export type OrdersRun = typeof run

const renderMarkdown = () => renderOrdersMarkdown(machine, runs)

mkdirSync(resultsDir, { recursive: true })
writeFileSync(`${base}.json`, `${JSON.stringify({ machine, runs }, null, 2)}\n`)
writeFileSync(`${base}.md`, renderMarkdown())
console.log(`\n${renderMarkdown()}\nwrote ${path.relative(process.cwd(), base)}.json and .md`)
