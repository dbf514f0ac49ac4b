import type { RunResult } from './load.ts'
import type { MachineInfo } from './machine.ts'
import { loggingGoals } from './scenarios.ts'

/** A goal of BENCH.md as a ratio of two measured targets' median req/s, with its p99 bound. */
export interface Goal {
  id: string
  scenario: string
  real: string
  base: string
  /** Lowest passing ratio; null for a figure reported beside a goal without one of its own. */
  minRatio: number | null
  p99MaxMs: number | null
}

/** A goal's outcome in one bench run. */
export interface GoalResult extends Goal {
  ratio: number
  /** The same ratio computed from server CPU per request (base CPU / real CPU): steadier on a noisy machine. */
  cpuRatio: number
  p99Ms: number
  /** p99 of the base (the floor) in the same runs: what the machine allowed at all. */
  baseP99Ms: number
  pass: boolean | null
}

/** Everything one `npm run bench` wrote for one database. */
export interface DatabaseRun {
  dialect: string
  quick: boolean
  shape: { connections: number; durationS: number; warmupS: number; runs: number }
  templates: Record<string, { listings: number; products: number; buildDurationMs: number }>
  /** Every measured run, keyed by target id (e.g. 'G1@100k'), in run order. */
  results: Record<string, RunResult[]>
  goals: GoalResult[]
  /** BENCH.md G10: no non-2xx and no errors anywhere. */
  clean: boolean
}

/** The median of numbers (the mean of the middle two for an even count). */
export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b)
  const mid = Math.floor(sorted.length / 2)
  return sorted.length % 2 ? (sorted[mid] as number) : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2
}

/** Scores each goal from the runs (median req/s ratio, median p99 of the real target). */
export function scoreGoals(goals: Goal[], results: Record<string, RunResult[]>): GoalResult[] {
  return goals
    .filter((g) => results[g.real] && results[g.base])
    .map((g) => {
      const real = results[g.real] as RunResult[]
      const base = results[g.base] as RunResult[]
      const ratio = median(real.map((r) => r.reqPerS)) / median(base.map((r) => r.reqPerS))
      const cpuRatio = median(base.map((r) => r.serverCpuUsPerRequest)) / median(real.map((r) => r.serverCpuUsPerRequest))
      const p99Ms = median(real.map((r) => r.p99Ms))
      const baseP99Ms = median(base.map((r) => r.p99Ms))
      const pass = g.minRatio === null ? null : ratio >= g.minRatio && (g.p99MaxMs === null || p99Ms <= g.p99MaxMs)
      return { ...g, ratio, cpuRatio, p99Ms, baseP99Ms, pass }
    })
}

const pct = (x: number) => `${(x * 100).toFixed(0)} %`
const verdict = (pass: boolean | null) => (pass === null ? 'info' : pass ? '**pass**' : '**FAIL**')

/** The markdown page of a result file: machine, goals with pass/fail, then every target's figures. */
export function renderMarkdown(machine: MachineInfo, runs: Record<string, DatabaseRun>): string {
  const lines = [
    `# Bench ${machine.date.slice(0, 10)} at ${machine.gitSha}${machine.gitDirty ? ' (tree had uncommitted changes)' : ''}`,
    '',
    `${machine.cpuModel}, ${machine.nproc} cores, ${machine.memoryGb} GB, Node ${machine.node}, SQLite ${machine.sqlite ?? '–'}, PostgreSQL ${machine.postgres ?? '–'}. Measured ${machine.date}.`,
    'Ratios are medians of req/s of the real route over its floor in the same run (BENCH.md); "CPU ratio" is the same ratio from server CPU µs per request, which moves less with other load on the machine.',
    'On PostgreSQL, server CPU counts the Node process only, not the database backends.',
    '"Other load" is the CPU other processes used during a run (share of all cores, from /proc/stat minus the server and the load generator); "steal" is CPU the hypervisor took.',
  ]
  for (const run of Object.values(runs)) {
    const { connections, durationS, warmupS, runs: count } = run.shape
    lines.push('', `## ${run.dialect}${run.quick ? ' (quick: not a reference measurement)' : ''}`, '')
    lines.push(
      `autocannon ${connections} connections, ${durationS} s after ${warmupS} s warm-up, median of ${count}. Templates: ${Object.entries(
        run.templates,
      )
        .map(([size, t]) => `${size} = ${t.listings.toLocaleString('en')} listings / ${t.products.toLocaleString('en')} products`)
        .join('; ')}.`,
      '',
    )
    lines.push(
      '| goal | scenario | ratio | CPU ratio | goal | p99 | p99 of base | p99 goal | result |',
      '|---|---|---|---|---|---|---|---|---|',
    )
    for (const g of run.goals) {
      lines.push(
        `| ${g.id} | ${g.scenario} (${g.real} / ${g.base}) | ${pct(g.ratio)} | ${pct(g.cpuRatio)} | ${g.minRatio === null ? '–' : `≥ ${pct(g.minRatio)}`} | ${g.p99Ms} ms | ${g.baseP99Ms} ms | ${g.p99MaxMs === null ? '–' : `≤ ${g.p99MaxMs} ms`} | ${verdict(g.pass)} |`,
      )
    }
    lines.push(`| G10 | non-2xx and errors in every run | – | – | 0 | – | – | – | ${verdict(run.clean)} |`, '')
    const logging = loggingGoals.filter((g) => run.results[g.on] && run.results[g.off])
    if (logging.length > 0) {
      lines.push(
        '| goal | scenario | server CPU µs/req, logging on | off | cost of logging | goal | result |',
        '|---|---|---|---|---|---|---|',
      )
      for (const g of logging) {
        const cpu = (id: string) => median((run.results[id] as RunResult[]).map((r) => r.serverCpuUsPerRequest))
        const costUs = cpu(g.on) - cpu(g.off)
        lines.push(
          `| ${g.id} | ${g.scenario} (${g.on} − ${g.off}) | ${cpu(g.on).toFixed(1)} | ${cpu(g.off).toFixed(1)} | ${costUs.toFixed(1)} µs | ≤ ${g.maxUs} µs | ${verdict(costUs <= g.maxUs)} |`,
        )
      }
      lines.push('')
    }
    lines.push(
      '| target | req/s (each run) | p50 | p99 | max | non-2xx | errors | bytes/resp | server CPU µs/req | load-gen CPU µs/req | other load, steal | loadavg before → after |',
      '|---|---|---|---|---|---|---|---|---|---|---|---|',
    )
    for (const [target, rs] of Object.entries(run.results)) {
      const m = (f: (r: RunResult) => number) => median(rs.map(f))
      const loads = rs.map((r) => `${r.loadAvgBefore[0].toFixed(2)} → ${r.loadAvgAfter[0].toFixed(2)}`).join(', ')
      lines.push(
        `| ${target} | ${m((r) => r.reqPerS)} (${rs.map((r) => r.reqPerS).join(', ')}) | ${m((r) => r.p50Ms)} ms | ${m((r) => r.p99Ms)} ms | ${m((r) => r.maxMs)} ms | ${rs.reduce((s, r) => s + r.non2xx, 0)} | ${rs.reduce((s, r) => s + r.errors, 0)} | ${m((r) => r.bytesPerResponse)} | ${m((r) => r.serverCpuUsPerRequest)} | ${m((r) => r.loadCpuUsPerRequest)} | ${pct(m((r) => r.otherCpuShare))}, ${pct(m((r) => r.stealShare))} | ${loads} |`,
      )
    }
  }
  return `${lines.join('\n')}\n`
}
