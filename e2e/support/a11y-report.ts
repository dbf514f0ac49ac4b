import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { a11yDir } from './a11y'
import { A11yRecord, a11yTags, blockingViolations } from './a11y-rules'

/**
 * Merges the workers' scans into one report, test-results/a11y-report.json: every page and
 * language the run scanned with all its violations (minor and moderate too), and the serious
 * and critical ones (each of which also failed the test that visited the page) as `failing`.
 */

export const reportFile = 'test-results/a11y-report.json'

/** Every record the workers of this run wrote, by page and language. */
function readRecords(): A11yRecord[] {
  if (!existsSync(a11yDir)) return []
  return readdirSync(a11yDir)
    .filter((name) => name.endsWith('.jsonl'))
    .flatMap((name) => readFileSync(path.join(a11yDir, name), 'utf8').split('\n').filter(Boolean))
    .map((line) => A11yRecord.parse(JSON.parse(line)))
    .sort((a, b) => a.page.localeCompare(b.page) || a.lang.localeCompare(b.lang))
}

/** Writes test-results/a11y-report.json from this run's scans and prints a one-line summary. */
export function writeA11yReport(): void {
  const records = readRecords()
  const failing = records.flatMap((record) => blockingViolations(record).map((v) => ({ page: record.page, lang: record.lang, ...v })))
  const report = {
    generatedAt: new Date().toISOString(),
    tags: a11yTags,
    summary: {
      pagesScanned: records.length,
      pagesWithViolations: records.filter((r) => r.violations.length > 0).length,
      pagesWithBlockingViolations: records.filter((r) => blockingViolations(r).length > 0).length,
      scanErrors: records.filter((r) => r.error).length,
      unsettled: records.filter((r) => !r.settled).map((r) => `${r.page} (${r.lang})`),
    },
    failing,
    pages: records,
  }
  writeFileSync(reportFile, `${JSON.stringify(report, null, 2)}\n`)
  const { summary } = report
  console.log(
    `a11y: ${summary.pagesScanned} page scans, ${summary.pagesWithBlockingViolations} with serious or critical violations ` +
      `(${failing.length} rule(s) broken), ${summary.scanErrors} scan errors → ${reportFile}`,
  )
}
