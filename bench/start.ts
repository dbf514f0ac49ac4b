/**
 * G11 (BENCH.md): the second `npm start` on the same data folder, to the first 200 from
 * /healthz. One first start imports the catalogue into a fresh data folder; then N second
 * starts each run the whole `npm start` (the stale-build check, then the built server) and
 * record the wall time and the server's CPU time until /healthz answers, with the machine's
 * load beside them (on a busy two-core machine wall time follows the load; CPU time does not).
 * Writes bench/results/<date>-<sha>-start.{json,md}.
 *
 * Usage: node --import tsx bench/start.ts [--runs=5] [--port=8191]
 */
import { type ChildProcess, execSync, spawn } from 'node:child_process'
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

interface StartRun {
  wallMs: number
  /** CPU time of the server process (user + system) until /healthz answered. */
  serverCpuMs: number
  loadAverage1m: number
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
    stdio: ['ignore', 'ignore', 'inherit'],
    detached: true,
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
    return { wallMs, serverCpuMs: pid ? processCpuUs(pid) / 1000 : Number.NaN, loadAverage1m: loadAverage()[0] }
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
  for (let i = 0; i < runs; i++) seconds.push(await startOnce(dataDir))
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
  const rows = seconds.map((r, i) => `| ${i + 1} | ${r.wallMs.toFixed(0)} | ${r.serverCpuMs.toFixed(0)} | ${r.loadAverage1m.toFixed(1)} |`)
  const md = [
    `# G11: second start (${result.machine.date}, ${result.machine.gitSha}, ${result.machine.cpuModel}, ${result.machine.nproc} cores, Node ${result.machine.node})`,
    '',
    `First start (imports the catalogue): ${first.wallMs.toFixed(0)} ms wall.`,
    '',
    '| run | wall ms | server CPU ms | load (1 min) |',
    '|---|---|---|---|',
    ...rows,
    '',
    `Median wall ${result.medianWallMs.toFixed(0)} ms against the goal < ${goalMs} ms: ${pass ? 'met' : 'NOT met'}; median server CPU ${result.medianServerCpuMs.toFixed(0)} ms.`,
    '',
  ].join('\n')
  writeFileSync(path.join(dir, `${name}.md`), md)
  console.log(md)
} finally {
  rmSync(dataDir, { recursive: true, force: true })
}
