import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

/** Where the hostile-input suites write what they measured (issue 16): `bench/results/hostile-<suite>.json`. */
export const resultsDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../bench/results')

/**
 * Merges figures into `bench/results/hostile-<suite>.json` under `section` (e.g. the
 * dialect), keeping other sections, with the time of the run. The suites assert the same
 * figures they record, so a file only ever holds figures of a passing check or the last run.
 * @param suite e.g. 'access-sqlite' is written as section 'sqlite' of 'hostile-access.json'
 */
export function recordFigures(suite: string, figures: Record<string, number | string | boolean>): void {
  const [file, section = 'all'] = suite.split(/-(?=[^-]+$)/) as [string, string?]
  const target = path.join(resultsDir, `hostile-${file}.json`)
  mkdirSync(resultsDir, { recursive: true })
  const current = existsSync(target) ? (JSON.parse(readFileSync(target, 'utf8')) as Record<string, unknown>) : {}
  const sections = (current.sections ?? {}) as Record<string, Record<string, unknown>>
  sections[section] = { ...sections[section], ...figures, measuredAt: new Date().toISOString() }
  writeFileSync(target, `${JSON.stringify({ suite: `hostile-${file}`, sections }, null, 2)}\n`)
}
