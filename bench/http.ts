/**
 * HTTP benchmark of the catalogue (BENCH.md G1, G2, G3 and search beside F_list, G12 beside G1):
 * `npm run bench -- [--db=sqlite|postgres] [--quick] [--runs=N] [--only=main,flatness,html,logging]`.
 * Each phase copies its templates, boots the real server with the floor routes in child
 * processes, walks real cursors, then alternates real routes and floors under autocannon
 * (50 connections, 10 s after 3 s warm-up, 2 runs, median; --quick: 1 run of 5 s after 1 s).
 * Writes bench/results/<date>-<sha>.json and .md (a run of the other database is merged in).
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import SQLite from 'better-sqlite3'
import { type LoadShape, measure, type RunResult } from './lib/load.ts'
import { machineInfo } from './lib/machine.ts'
import { loadPools } from './lib/pools.ts'
import { type DatabaseRun, renderMarkdown, scoreGoals } from './lib/report.ts'
import { goals, phases, type ServerVariant } from './lib/scenarios.ts'
import { type ServerProcess, startServerProcess } from './lib/server-process.ts'
import { requestMixes } from './lib/targets.ts'
import type { BenchSize } from './seed/plan.ts'
import { withAdmin } from './seed/postgres.ts'
import { type BenchDialect, copyTemplate, ensureTemplate, type RunDatabase, type TemplateMeta, workDir } from './seed/templates.ts'

const args = new Map(process.argv.slice(2).map((a) => a.replace(/^--/, '').split('=') as [string, string | undefined]))
const dialect = (args.get('db') ?? 'sqlite') as BenchDialect
const quick = args.has('quick')
if (!['sqlite', 'postgres'].includes(dialect)) throw new Error(`--db must be sqlite or postgres, not ${dialect}`)
const shape: LoadShape = quick ? { connections: 50, durationS: 5, warmupS: 1 } : { connections: 50, durationS: 10, warmupS: 3 }
/** Runs of each target (the median is scored); `--runs=N` for a figure smaller than one run's noise, such as G9. */
const runCount = Number(args.get('runs') ?? (quick ? 1 : 2))
/** Cursor walk: pages of 100, at most 200 a category (20,000 rows in), 3 minutes in all. */
const walkLimits = { pagesPerCategory: 200, deepRows: 10_000, walkBudgetMs: 180_000 }

const cleanups: (() => Promise<void>)[] = []
async function cleanUp(): Promise<void> {
  for (const fn of cleanups.splice(0).reverse()) await fn().catch((error) => console.error('cleanup failed:', error))
}
process.once('SIGINT', () => void cleanUp().then(() => process.exit(130)))

/** What a server variant changes in the server's environment. */
const variantEnvs: Record<ServerVariant, Record<string, string>> = {
  nolog: { BENCH_LOG_LEVEL: 'warn' },
  nohtmlcache: { SHOP_HTML_CACHE_MS: '0' },
}

async function runPhase(
  targets: [string, BenchSize, ServerVariant?][],
  results: Record<string, RunResult[]>,
  templates: DatabaseRun['templates'],
): Promise<void> {
  // One server per size and variant (scenarios.ts ServerVariant).
  const keyOf = (size: BenchSize, variant: string | undefined) => `${size}${variant ? `~${variant}` : ''}`
  const sizes = [...new Set(targets.map(([, size, variant]) => keyOf(size, variant)))]
  const servers = new Map<string, { server: ServerProcess; mixes: ReturnType<typeof requestMixes> }>()
  for (const key of sizes) {
    const [size, variant] = key.split('~') as [BenchSize, string | undefined]
    const meta: TemplateMeta = await ensureTemplate(dialect, size)
    templates[size] = { listings: meta.listings, products: meta.products, buildDurationMs: meta.buildDurationMs }
    const copy: RunDatabase = await copyTemplate(dialect, size, `${dialect}-${key.replace('~', '-')}-${process.pid}`)
    cleanups.push(copy.drop)
    const variantEnv: Record<string, string> = variant ? variantEnvs[variant as ServerVariant] : {}
    const server = await startServerProcess({ ...copy.env, ...variantEnv })
    cleanups.push(server.stop)
    console.log(`[${dialect}] ${size}: server pid ${server.pid} at ${server.url}; walking cursors…`)
    const pools = await loadPools(server.url, meta, walkLimits, workDir)
    console.log(
      `[${dialect}] ${size}: ${pools.positions.length} list positions (${pools.deep.length} deep), ${pools.keywords.length} keywords`,
    )
    // The same seed for a size's variants: they get the same request sequence.
    servers.set(key, { server, mixes: requestMixes(pools, 0xbe9c4 ^ sizes.indexOf(keyOf(size, undefined))) })
  }
  for (let run = 0; run < runCount; run++) {
    // Odd runs go backwards, so a drift of the machine's speed favours no target.
    for (const [mix, size, variant] of run % 2 ? [...targets].reverse() : targets) {
      const { server, mixes } = servers.get(keyOf(size, variant)) as NonNullable<ReturnType<typeof servers.get>>
      const next = mixes[mix]
      if (!next) throw new Error(`no request mix ${mix}`)
      const id = `${mix}@${keyOf(size, variant)}`
      const result = await measure(server.url, server.pid, id, next, shape)
      results[id] = [...(results[id] ?? []), result]
      console.log(
        `[${dialect}] ${id} run ${run + 1}/${runCount}: ${result.reqPerS} req/s, p99 ${result.p99Ms} ms, non-2xx ${result.non2xx}, errors ${result.errors}, ${result.serverCpuUsPerRequest} µs CPU/req`,
      )
    }
  }
  await cleanUp()
}

async function databaseVersions() {
  const memory = new SQLite(':memory:')
  const sqlite = (memory.prepare('select sqlite_version() as v').get() as { v: string }).v
  memory.close()
  const postgres = await withAdmin(
    async (c) => (await c.query<{ server_version: string }>('show server_version')).rows[0]?.server_version ?? null,
  ).catch(() => null)
  return { sqlite, postgres }
}

const only = (args.get('only') ?? Object.keys(phases).join(',')).split(',')
const results: Record<string, RunResult[]> = {}
const templates: DatabaseRun['templates'] = {}
try {
  for (const name of only) {
    const targets = phases[name]
    if (!targets) throw new Error(`--only takes ${Object.keys(phases).join(', ')}, not ${name}`)
    await runPhase(targets, results, templates)
  }
} finally {
  await cleanUp()
}

const machine = machineInfo(await databaseVersions())
const clean = Object.values(results).every((rs) => rs.every((r) => r.non2xx === 0 && r.errors === 0))
const run: DatabaseRun = {
  dialect,
  quick,
  shape: { ...shape, runs: runCount },
  templates,
  results,
  goals: scoreGoals(goals, results),
  clean,
}
const resultsDir = path.resolve(import.meta.dirname, 'results')
const base = path.join(resultsDir, `${machine.date.slice(0, 10)}-${machine.gitSha}${quick ? '-quick' : ''}`)
const previous = existsSync(`${base}.json`)
  ? (JSON.parse(readFileSync(`${base}.json`, 'utf8')) as { runs: Record<string, DatabaseRun> }).runs
  : {}
const runs = { ...previous, [dialect]: run }
mkdirSync(resultsDir, { recursive: true })
writeFileSync(`${base}.json`, `${JSON.stringify({ machine, runs }, null, 2)}\n`)
writeFileSync(`${base}.md`, renderMarkdown(machine, runs))
console.log(`\n${renderMarkdown(machine, { [dialect]: run })}\nwrote ${path.relative(process.cwd(), base)}.json and .md`)
