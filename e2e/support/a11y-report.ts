import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { a11yDir } from './a11y'
import { A11yRecord, a11yTags, type Baseline, baselineFile, blockingImpacts, blockingViolations, readBaseline } from './a11y-rules'

/** Merges the workers' scans into one report, compares them with the baseline, and can shrink it. */

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

/** Rule id → elements, serious and critical only: a baseline entry's shape. */
function blockingCounts(record: A11yRecord): Record<string, number> {
  return Object.fromEntries(record.violations.filter((v) => blockingImpacts.includes(v.impact)).map((v) => [v.rule, v.nodes]))
}

/** How the scanned pages of the baseline compare with their entries (`page (lang)`): clean now, fewer elements, more. */
function compare(records: A11yRecord[], baseline: Baseline) {
  const nowClean: string[] = []
  const better: string[] = []
  const worse: string[] = []
  for (const record of records) {
    const page = baseline.pages[record.page]
    if (!page) continue
    const listed = page[record.lang]
    const now = blockingCounts(record)
    const name = `${record.page} (${record.lang})`
    if (!listed) {
      // A language the baseline has nothing for: fine while clean, worse otherwise.
      if (Object.keys(now).length > 0) worse.push(name)
      continue
    }
    if (Object.keys(now).length === 0) nowClean.push(name)
    else if (Object.entries(now).some(([rule, n]) => n > (listed[rule] ?? 0))) worse.push(name)
    else if (Object.entries(listed).some(([rule, n]) => (now[rule] ?? 0) < n)) better.push(name)
  }
  return { nowClean, better, worse }
}

/**
 * Lowers the baseline to what this run found on the pages it scanned: counts only go down, a
 * rule no longer broken leaves its language, a clean language leaves its page, and a page
 * leaves the list once none of its languages has anything left and this run found it clean
 * in every language it scanned. Never adds anything.
 */
function shrink(records: A11yRecord[], baseline: Baseline): Baseline {
  const pages = structuredClone(baseline.pages)
  for (const record of records) {
    const listed = pages[record.page]?.[record.lang]
    if (!listed) continue
    const now = blockingCounts(record)
    for (const [rule, n] of Object.entries(listed)) {
      if (now[rule] === undefined) delete listed[rule]
      else listed[rule] = Math.min(n, now[rule])
    }
    if (Object.keys(listed).length === 0) delete pages[record.page]?.[record.lang]
  }
  for (const [page, langs] of Object.entries(pages)) {
    const dirty = records.some((r) => r.page === page && Object.keys(blockingCounts(r)).length > 0)
    if (Object.keys(langs).length === 0 && !dirty) delete pages[page]
  }
  return { ...baseline, pages }
}

/**
 * Writes test-results/a11y-report.json from this run's scans and prints a summary; with
 * `A11Y_BASELINE=shrink` also lowers e2e/a11y-baseline.json to what the run found.
 */
export function writeA11yReport(): void {
  const records = readRecords()
  const baseline = readBaseline()
  const failing = records.flatMap((record) =>
    blockingViolations(record, baseline).map((v) => ({ page: record.page, lang: record.lang, ...v })),
  )
  const comparison = compare(records, baseline)
  const report = {
    generatedAt: new Date().toISOString(),
    tags: a11yTags,
    baseline: baselineFile,
    summary: {
      pagesScanned: records.length,
      pagesWithViolations: records.filter((r) => r.violations.length > 0).length,
      pagesWithBlockingViolations: records.filter((r) => Object.keys(blockingCounts(r)).length > 0).length,
      scanErrors: records.filter((r) => r.error).length,
      unsettled: records.filter((r) => !r.settled).map((r) => `${r.page} (${r.lang})`),
    },
    failing,
    comparedWithBaseline: comparison,
    pages: records,
  }
  writeFileSync(reportFile, `${JSON.stringify(report, null, 2)}\n`)
  const { summary } = report
  console.log(
    `a11y: ${summary.pagesScanned} page scans, ${summary.pagesWithBlockingViolations} with serious or critical violations, ` +
      `${failing.length} outside the baseline, ${summary.scanErrors} scan errors; ${comparison.nowClean.length} baseline ` +
      `entries now clean, ${comparison.worse.length} worse → ${reportFile}`,
  )
  if (process.env.A11Y_BASELINE === 'shrink') {
    writeFileSync(baselineFile, `${JSON.stringify(shrink(records, baseline), null, 2)}\n`)
    console.log(`a11y: ${baselineFile} lowered to this run's findings`)
  }
}
