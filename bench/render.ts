/**
 * Re-scores and re-renders a result file with the current goals and table layout:
 * `node --import tsx bench/render.ts bench/results/<date>-<sha>.json` (rewrites the .md beside it).
 */
import { readFileSync, writeFileSync } from 'node:fs'
import type { MachineInfo } from './lib/machine.ts'
import { type DatabaseRun, renderMarkdown, scoreGoals } from './lib/report.ts'
import { goals } from './lib/scenarios.ts'

const file = process.argv[2]
if (!file?.endsWith('.json')) throw new Error('usage: bench/render.ts <result>.json')
const { machine, runs } = JSON.parse(readFileSync(file, 'utf8')) as { machine: MachineInfo; runs: Record<string, DatabaseRun> }
for (const run of Object.values(runs)) run.goals = scoreGoals(goals, run.results)
writeFileSync(file, `${JSON.stringify({ machine, runs }, null, 2)}\n`)
writeFileSync(file.replace(/\.json$/, '.md'), renderMarkdown(machine, runs))
console.log(renderMarkdown(machine, runs))
