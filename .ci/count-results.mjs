// Totals the JSON reports of Vitest and Playwright into one plain line "N passed, N failed",
// the line CI reads. A missing report counts as a failure, so a suite that never ran is loud.
import { existsSync, readFileSync } from 'node:fs'

let passed = 0
let failed = 0
let skipped = 0
/** Titles of Playwright tests that passed only on their retry. */
const flaky = []

function flakyTitles(suites, path = []) {
  return suites.flatMap((suite) => [
    ...flakyTitles(suite.suites ?? [], [...path, suite.title]),
    ...(suite.specs ?? [])
      .filter((spec) => spec.tests.some((test) => test.status === 'flaky'))
      .map((spec) => [...path, suite.title, spec.title].filter(Boolean).join(' › ')),
  ])
}
for (const file of process.argv.slice(2)) {
  if (!existsSync(file)) {
    console.error(`missing test report: ${file}`)
    failed += 1
    continue
  }
  const report = JSON.parse(readFileSync(file, 'utf8'))
  if (report.numPassedTests !== undefined) {
    passed += report.numPassedTests
    failed += report.numFailedTests
    skipped += report.numPendingTests + (report.numTodoTests ?? 0)
  } else if (report.stats) {
    passed += report.stats.expected + report.stats.flaky
    failed += report.stats.unexpected
    skipped += report.stats.skipped
    flaky.push(...flakyTitles(report.suites ?? []))
  }
}
for (const title of flaky) console.log(`flaky (failed once, then passed on its retry): ${title}`)
console.log(`${passed} passed, ${failed} failed, ${skipped} skipped${flaky.length ? `, ${flaky.length} flaky` : ''}`)
process.exit(failed > 0 ? 1 : 0)
