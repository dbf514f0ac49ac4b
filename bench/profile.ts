/**
 * Where a route's server CPU goes: `node --import tsx bench/profile.ts --target=G1 [--size=100k] [--db=sqlite]`.
 * Starts the bench server, warms the route up, profiles the server's CPU while driving the
 * request mix for 10 s (start-up left out), and prints self time by package and by function.
 */
import { mkdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { measure } from './lib/load.ts'
import { loadPools } from './lib/pools.ts'
import { startServerProcess } from './lib/server-process.ts'
import { requestMixes } from './lib/targets.ts'
import type { BenchSize } from './seed/plan.ts'
import { type BenchDialect, copyTemplate, ensureTemplate, workDir } from './seed/templates.ts'

const args = new Map(process.argv.slice(2).map((a) => a.replace(/^--/, '').split('=') as [string, string | undefined]))
const target = args.get('target') ?? 'G1'
const size = (args.get('size') ?? '100k') as BenchSize
const dialect = (args.get('db') ?? 'sqlite') as BenchDialect
const profileFile = path.join(workDir, 'profiles', `${target}-${size}-${dialect}.cpuprofile`)

interface ProfileNode {
  id: number
  hitCount?: number
  callFrame: { functionName: string; url: string; lineNumber: number }
}

const meta = await ensureTemplate(dialect, size)
const copy = await copyTemplate(dialect, size, `profile-${process.pid}`)
mkdirSync(path.dirname(profileFile), { recursive: true })
const server = await startServerProcess(copy.env)
try {
  const pools = await loadPools(server.url, meta, { pagesPerCategory: 200, deepRows: 10_000, walkBudgetMs: 180_000 }, workDir)
  const next = requestMixes(pools, 1)[target]
  if (!next) throw new Error(`no request mix ${target}`)
  await measure(server.url, server.pid, target, next, { connections: 50, durationS: 3, warmupS: 0 })
  const stopProfile = server.startProfile()
  const result = await measure(server.url, server.pid, target, next, { connections: 50, durationS: 10, warmupS: 0 })
  await stopProfile(profileFile)
  console.log(`${target}@${size}: ${result.reqPerS} req/s, ${result.serverCpuUsPerRequest} µs server CPU per request`)
} finally {
  await server.stop()
  await copy.drop()
}

const profile = JSON.parse(readFileSync(profileFile, 'utf8')) as {
  nodes: ProfileNode[]
  startTime: number
  endTime: number
  samples: number[]
}
const usPerSample = (profile.endTime - profile.startTime) / profile.samples.length
const byPackage = new Map<string, number>()
const byFunction = new Map<string, number>()
let totalUs = 0
for (const node of profile.nodes) {
  const selfUs = (node.hitCount ?? 0) * usPerSample
  if (selfUs === 0 || node.callFrame.functionName === '(idle)') continue
  totalUs += selfUs
  const url = node.callFrame.url
  const pkg =
    /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url)?.[1] ??
    (url.includes('/apps/') ? url.replace(/^.*\/(apps\/[^/]+\/src\/[^/]+).*/, '$1') : url ? 'node:internal' : node.callFrame.functionName)
  byPackage.set(pkg, (byPackage.get(pkg) ?? 0) + selfUs)
  const fn = `${node.callFrame.functionName || '(anonymous)'} ${url.replace(/^.*node_modules\//, '').replace(/^file:\/\/.*\/work\/main\//, '')}:${node.callFrame.lineNumber + 1}`
  byFunction.set(fn, (byFunction.get(fn) ?? 0) + selfUs)
}
const top = (map: Map<string, number>, n: number) =>
  [...map]
    .sort((a, b) => b[1] - a[1])
    .slice(0, n)
    .map(([k, us]) => `${((us / totalUs) * 100).toFixed(1).padStart(5)} %  ${k}`)
    .join('\n')
console.log(
  `\nself time by package (of ${(totalUs / 1e6).toFixed(1)} s busy):\n${top(byPackage, 20)}\n\nby function:\n${top(byFunction, 30)}\n\nprofile: ${profileFile} (open in Chrome DevTools)`,
)
