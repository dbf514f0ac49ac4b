/**
 * G11 (BENCH.md): the second `npm start` on the same data folder, to the first 200 from
 * /healthz. One first start imports the catalogue into a fresh data folder; then N second
 * starts each run the whole `npm start` (the stale-build check, then the built server) and
 * record the wall time and the server's CPU time until /healthz answers, with the machine's
 * load beside them (on a busy two-core machine wall time follows the load; CPU time does not),
 * and where the time went: npm and the build check until the server's process started, the
 * server's own phases (Node and its modules, migrations, seed check, app, listen: the line
 * main.ts prints), and the first /healthz; the build check is also timed on its own.
 * Writes bench/results/<date>-<sha>-start.{json,md}.
 *
 * Usage: node --import tsx bench/start.ts [--runs=5] [--port=8191]
 */
import { type ChildProcess, execSync, spawn, spawnSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { loadAverage, machineInfo, processCpuUs } from './lib/machine.ts'
import { median } from './lib/report.ts'

const args = new Map(process.argv.slice(2).map((a) => a.replace(/^--/, '').split('=') as [string, string]))
const runs = Number(args.get('runs') ?? 5)
const port = Number(args.get('port') ?? 8191)
const root = path.resolve(import.meta.dirname, '..')
const goalMs = 2000

/** The server's phases as main.ts prints them once it listens: wall and CPU ms of each, and of the whole. */
interface ServerPhases {
  total: { wallMs: number; cpuMs: number }
  /** 'node and modules' (process start to main.ts: Node and the server's bundle), 'migrations', 'seed check', 'app', 'listen'. */
  phases: Record<string, { wallMs: number; cpuMs: number }>
}

interface StartRun {
  wallMs: number
  /** CPU time of the server process (user + system) until /healthz answered. */
  serverCpuMs: number
  loadAverage1m: number
  /** `npm start` to the server's process start: npm, its shell and the build check (a node process of its own). */
  beforeServerMs: number
  server: ServerPhases | null
  /** The build check alone (`node scripts/build-if-stale.mjs`), run right after. */
  buildCheckMs: number
}

const readyLine = /ready (\d+) ms \(CPU (\d+)\) after the process started: (.*)$/
const phaseItem = /^(.*) (\d+) \(CPU (\d+)\)$/

function parsePhases(line: string): ServerPhases | null {
  const m = readyLine.exec(line)
  if (!m) return null
  const phases: ServerPhases['phases'] = {}
  for (const item of m[3]!.split(', ')) {
    const p = phaseItem.exec(item)
    if (p) phases[p[1]!] = { wallMs: Number(p[2]), cpuMs: Number(p[3]) }
  }
  return { total: { wallMs: Number(m[1]), cpuMs: Number(m[2]) }, phases }
}

function timeBuildCheck(): number {
  const startedAt = performance.now()
  const run = spawnSync('node', ['scripts/build-if-stale.mjs'], { cwd: root, stdio: 'ignore' })
  if (run.status !== 0) throw new Error('build check failed')
  return performance.now() - startedAt
}

/** The server process under `npm start`: npm runs a shell, which runs node; the server is its deepest child. */
function serverPid(child: ChildProcess): number | null {
  try {
    const out = execSync(`pgrep -f -P $(pgrep -d, -P ${child.pid}) 'apps/server/dist/main.js'`, { encoding: 'utf8' }).trim()
    return Number(out.split('\n')[0]) || null
  } catch {
    return null
  }
}

async function startOnce(dataDir: string): Promise<StartRun> {
  const startedAt = performance.now()
  const child = spawn('npm', ['start'], {
    cwd: root,
    env: { ...process.env, DATA_DIR: dataDir, PORT: String(port), LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'pipe', 'inherit'],
    detached: true,
  })
  let server: ServerPhases | null = null
  let lineAtMs = Number.NaN
  let pending = ''
  child.stdout?.on('data', (chunk: Buffer) => {
    pending += chunk.toString('utf8')
    const lines = pending.split('\n')
    pending = lines.pop() ?? ''
    for (const line of lines) {
      const phases = parsePhases(line)
      if (phases && !server) {
        server = phases
        lineAtMs = performance.now() - startedAt
      }
    }
  })
  try {
    for (;;) {
      const ok = await fetch(`http://127.0.0.1:${port}/healthz`).then(
        (r) => r.ok,
        () => false,
      )
      if (ok) break
      if (performance.now() - startedAt > 120_000) throw new Error('no /healthz after 120 s')
      await new Promise((r) => setTimeout(r, 10))
    }
    const wallMs = performance.now() - startedAt
    const pid = serverPid(child)
    const serverCpuMs = pid ? processCpuUs(pid) / 1000 : Number.NaN
    // The line is printed once the server listens, at about the time /healthz first answers.
    const lineDeadline = performance.now() + 5_000
    while (!server && performance.now() < lineDeadline) await new Promise((r) => setTimeout(r, 10))
    const phases = server as ServerPhases | null
    return {
      wallMs,
      serverCpuMs,
      loadAverage1m: loadAverage()[0],
      beforeServerMs: phases ? lineAtMs - phases.total.wallMs : Number.NaN,
      server: phases,
      buildCheckMs: Number.NaN,
    }
  } finally {
    // The whole process group (npm, sh, node), by its id: it was started detached for this.
    process.kill(-(child.pid as number), 'SIGTERM')
    await new Promise((r) => child.once('exit', r))
  }
}

const dataDir = mkdtempSync(path.join(tmpdir(), 'bazaar-start-'))
try {
  const first = await startOnce(dataDir)
  const seconds: StartRun[] = []
  for (let i = 0; i < runs; i++) {
    const run = await startOnce(dataDir)
    run.buildCheckMs = timeBuildCheck()
    seconds.push(run)
  }
  const result = {
    machine: machineInfo({ sqlite: null, postgres: null }),
    goal: { id: 'G11', scenario: 'second npm start on the same data folder, to /healthz', maxMs: goalMs },
    first,
    seconds,
    medianWallMs: median(seconds.map((r) => r.wallMs)),
    medianServerCpuMs: median(seconds.map((r) => r.serverCpuMs)),
  }
  const pass = result.medianWallMs < goalMs
  const name = `${result.machine.date.slice(0, 10)}-${result.machine.gitSha}-start`
  const dir = path.join(root, 'bench/results')
  mkdirSync(dir, { recursive: true })
  writeFileSync(path.join(dir, `${name}.json`), `${JSON.stringify(result, null, 2)}\n`)
  const ms = (n: number | undefined) => (n === undefined || Number.isNaN(n) ? '–' : n.toFixed(0))
  const names = ['node and modules', 'migrations', 'seed check', 'app', 'listen']
  const phase = (r: StartRun, name: string) => r.server?.phases[name]
  const both = (wall: number | undefined, cpu: number | undefined) => `${ms(wall)} (${ms(cpu)})`
  const rows = seconds.map(
    (r, i) =>
      `| ${i + 1} | ${ms(r.wallMs)} | ${ms(r.serverCpuMs)} | ${r.loadAverage1m.toFixed(1)} | ${ms(r.beforeServerMs)} | ${ms(r.buildCheckMs)} | ${names.map((n) => both(phase(r, n)?.wallMs, phase(r, n)?.cpuMs)).join(' | ')} |`,
  )
  const medianOf = (pick: (r: StartRun) => number | undefined) => median(seconds.map((r) => pick(r) ?? Number.NaN))
  const md = [
    `# G11: second start (${result.machine.date}, ${result.machine.gitSha}, ${result.machine.cpuModel}, ${result.machine.nproc} cores, Node ${result.machine.node})`,
    '',
    `First start (imports the catalogue): ${first.wallMs.toFixed(0)} ms wall.`,
    '',
    "Where a start goes, in ms: from `npm start` to the server process (npm, its shell and the build check, a node process of its own), the build check alone (run after), then the server's phases as main.ts prints them, wall (CPU): Node and its modules, migrations, seed check, app (plugins, routes and their schemas), listen.",
    '',
    `| run | wall | server CPU | load (1 min) | npm and build check | build check alone | ${names.join(' | ')} |`,
    `|---|---|---|---|---|---|${names.map(() => '---|').join('')}`,
    ...rows,
    `| median | ${ms(result.medianWallMs)} | ${ms(result.medianServerCpuMs)} | – | ${ms(medianOf((r) => r.beforeServerMs))} | ${ms(medianOf((r) => r.buildCheckMs))} | ${names
      .map((n) =>
        both(
          medianOf((r) => phase(r, n)?.wallMs),
          medianOf((r) => phase(r, n)?.cpuMs),
        ),
      )
      .join(' | ')} |`,
    '',
    `Median wall ${result.medianWallMs.toFixed(0)} ms against the goal < ${goalMs} ms: ${pass ? 'met' : 'NOT met'}; median server CPU ${result.medianServerCpuMs.toFixed(0)} ms.`,
    '',
  ].join('\n')
  writeFileSync(path.join(dir, `${name}.md`), md)
  console.log(md)
} finally {
  rmSync(dataDir, { recursive: true, force: true })
}
