import { writeA11yReport } from './a11y-report'

/** Once per run, after the last test: the accessibility report from every worker's scans. */
export default async function globalTeardown(): Promise<void> {
  writeA11yReport()
}
