import { spawnSync } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { resultsDir } from './results.ts'

/**
 * `npm run proof [-- --quick] [suite…]`: runs the proof suites (ledger, races, attempts,
 * backup, crash, nodes; or the ones named), prints their figures from bench/results/proof-*.json
 * (the ledger's load also writes proof-metrics.json; the races suite runs races-shop.proof.ts and races-chain.proof.ts too) and exits non-zero when a suite failed,
 * a figure file says it fell short, or a suite left no figures. `--quick` is the CI length.
 */
const args = process.argv.slice(2)
const quick = args.includes('--quick')
const suites = ['ledger', 'races', 'attempts', 'backup', 'crash', 'nodes']
/** The further files a suite runs, each writing its own figures (the shop's races sit beside the ledger's). */
const alsoRuns: Record<string, string[]> = { races: ['races-shop', 'races-chain'] }
/** The figure files a suite writes besides its own and its further files' (the ledger load also reads /metrics). */
const alsoWrites: Record<string, string[]> = { ledger: ['metrics'] }
const chosen = args.filter((a) => !a.startsWith('--'))
const unknown = chosen.filter((s) => !suites.includes(s))
if (unknown.length > 0) {
  console.error(`unknown suite ${unknown.join(', ')}; suites: ${suites.join(', ')}`)
  process.exit(2)
}
const proofDir = import.meta.dirname
const run = (chosen.length > 0 ? chosen : suites)
  .flatMap((s) => [s, ...(alsoRuns[s] ?? [])])
  .filter((s) => existsSync(path.join(proofDir, `${s}.proof.ts`)))
const startedMs = Date.now()
const vitest = spawnSync(
  'npx',
  ['vitest', 'run', '--config', path.join(proofDir, 'vitest.config.ts'), ...run.map((s) => `apps/server/src/proof/${s}.proof.ts`)],
  { stdio: 'inherit', env: { ...process.env, PROOF_QUICK: quick ? '1' : '0' } },
)

type Record_ = { name: string; length: string; passed: boolean; ranAt: string; figures: Record<string, Record<string, unknown>> }
let failed = vitest.status !== 0
const line = (text: string) => console.log(text)
line(`\n== Proof figures (${quick ? 'quick' : 'full'} length, ${Math.round((Date.now() - startedMs) / 1000)} s)`)
for (const suite of run.flatMap((s) => [s, ...(alsoWrites[s] ?? [])])) {
  const file = path.join(resultsDir, `proof-${suite}.json`)
  const record = existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Record_) : undefined
  if (!record || Date.parse(record.ranAt) < startedMs) {
    line(`${suite}: NO FIGURES written by this run`)
    failed = true
    continue
  }
  // Every guarantee holds on both databases (and, asked for, through PostgreSQL's kill -9): a
  // dialect whose figures are missing (PostgreSQL not reachable, a test skipped) falls short.
  const expected = suite === 'nodes' ? ['races'] : ['sqlite', 'postgres']
  if (suite === 'crash' && process.env.PROOF_PG_KILL === '1') expected.push('postgresKilled')
  const missing = expected.filter((key) => !(key in record.figures))
  const held = record.passed && missing.length === 0
  if (!held) failed = true
  line(`\n${suite} (${record.length}): ${held ? 'HELD' : 'FELL SHORT'} (${path.relative(process.cwd(), file)})`)
  if (missing.length > 0) line(`  no figures for ${missing.join(', ')}`)
  for (const [dialect, f] of Object.entries(record.figures)) {
    if (typeof f !== 'object' || f === null) {
      if (suite === 'nodes') line(`  ${dialect}: ${JSON.stringify(f)}`)
      continue
    }
    if (suite === 'nodes' && (dialect === 'metrics' || dialect === 'nodeDeath')) {
      line(`  ${dialect === 'metrics' ? '/metrics' : 'one node killed under load'}: ${JSON.stringify(f)}`)
      continue
    }
    if (suite === 'nodes' && dialect === 'requestsPerNode') {
      line(`  requests per node: ${JSON.stringify(f)}`)
      continue
    }
    if (suite === 'ledger') {
      const l = f as Record<string, number>
      line(
        `  ${dialect}: ${record.figures.operations} ops from ${record.figures.clients} clients in ${l.durationMs} ms (${l.operationsPerSecond}/s); ` +
          `${l.snapshotsTaken} snapshots, ${l.snapshotsNonZero} off zero, ${l.snapshotNegativeBalances} negative; trial balance ${l.trialBalanceCents}; ` +
          `replay mismatches ${l.replayMismatches}, model mismatches ${l.modelMismatches}, escrow mismatches ${l.escrowMismatches}; 5xx ${l.serverErrors}`,
      )
      continue
    }
    if (suite === 'nodes' && dialect === 'races') {
      for (const [name, r] of Object.entries(f as Record<string, { winnersPerRound: number[]; rounds: number; problems: string[] }>))
        line(
          `  races through nginx, ${name}: ${r.rounds}×100, winners ${Math.min(...r.winnersPerRound)}–${Math.max(...r.winnersPerRound)}, ${r.problems.length} problems`,
        )
      continue
    }
    if (suite === 'backup' || suite === 'crash' || suite === 'metrics') {
      line(
        `  ${dialect}: ${Object.entries(f)
          .map(([k, v]) => `${k} ${JSON.stringify(v)}`)
          .join(', ')}`,
      )
      continue
    }
    for (const [name, r] of Object.entries(f as Record<string, Record<string, unknown>>)) {
      if (!Array.isArray(r.winnersPerRound)) {
        line(`  ${dialect} ${name}: ${JSON.stringify(r)}`)
        continue
      }
      const winners = r.winnersPerRound as number[]
      const problems = r.problems as string[]
      line(
        `  ${dialect} ${name}: ${r.rounds}×${r.requestsPerRound}, winners ${Math.min(...winners)}–${Math.max(...winners)} (allowed ${r.allowedWinners}), ` +
          `${problems.length} problems, ${r.durationMs} ms${problems.length > 0 ? `: ${problems.slice(0, 3).join('; ')}` : ''}`,
      )
    }
  }
}
line(failed ? '\nPROOF FAILED' : '\nPROOF HELD')
process.exit(failed ? 1 : 0)
