import { test as base } from '@playwright/test'
import { A11yScanner } from './a11y'
import { blockingViolations, describeViolation } from './a11y-rules'

export { expect } from '@playwright/test'

/**
 * Playwright's `test` with the accessibility check of every page the test visits (a11y.ts):
 * specs import `test` and `expect` from here. A serious or critical violation on any page it
 * visited fails the test once it is over.
 */
export const test = base.extend<{ a11yScan: undefined }>({
  a11yScan: [
    async ({ context }, use, testInfo) => {
      const scanner = new A11yScanner(context, testInfo)
      await scanner.start()
      await use(undefined)
      const records = await scanner.finish(testInfo.status === testInfo.expectedStatus)
      for (const record of records) {
        const blocking = blockingViolations(record).length
        testInfo.annotations.push({
          type: 'a11y',
          description: `${record.page} (${record.lang}): ${record.violations.length} rule(s) broken, ${blocking} serious or critical`,
        })
      }
      const failures = records.flatMap((record) => blockingViolations(record).map((v) => describeViolation(record, v)))
      if (failures.length > 0) {
        throw new Error(`Accessibility: serious or critical violations:\n${failures.join('\n')}`)
      }
    },
    { auto: true },
  ],
})
