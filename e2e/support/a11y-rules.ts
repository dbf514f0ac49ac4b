import { z } from 'zod'

/**
 * What the accessibility check records and what makes a test fail. Every page a test visits is
 * scanned with axe once per run and language; a violation of impact `serious` or `critical`
 * fails the test that visited the page, on every page of the shop and the console (issue 15:
 * no exceptions list, and no rule turned off).
 */

/** The WCAG 2.1 A and AA rules axe checks. */
export const a11yTags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']

/** Impacts that fail a page's test. */
export const blockingImpacts: readonly string[] = ['serious', 'critical']

/** One rule broken on a page: how badly, on how many elements, and one of them. */
export const A11yViolation = z.object({
  rule: z.string(),
  impact: z.string(),
  nodes: z.number().int(),
  target: z.string(),
  help: z.string(),
  /** axe's account of the first element (for colour contrast: the two colours and the ratio). */
  summary: z.string().optional(),
})
export type A11yViolation = z.infer<typeof A11yViolation>

/** One scan: a page (route path without ids) in one language, as a test left it. */
export const A11yRecord = z.object({
  page: z.string(),
  lang: z.string(),
  url: z.string(),
  viewport: z.string(),
  test: z.string(),
  /** False when the page never came to rest within the wait; scanned as it was. */
  settled: z.boolean(),
  violations: z.array(A11yViolation),
  /** Set when axe itself failed on the page. */
  error: z.string().optional(),
})
export type A11yRecord = z.infer<typeof A11yRecord>

/**
 * The route of a URL without query or ids, as a page's name: `/pages/cart` (the shop's path
 * routes), `/admin/#/users` (the console's hash routes). Undefined for anything but http(s)
 * (about:blank, data:).
 */
export function routeOf(url: string): string | undefined {
  if (!/^https?:/.test(url)) return undefined
  const { pathname, hash } = new URL(url)
  const ids = (route: string) => route.replace(/\/\d+(?=\/|$)/g, '/:id')
  if (!hash.startsWith('#/')) return ids(pathname)
  return `${pathname}#${ids(hash.slice(1).split('?')[0] || '/')}`
}

/** Violations of `record` that fail its test: the serious and critical ones. */
export function blockingViolations(record: A11yRecord): A11yViolation[] {
  return record.violations.filter((v) => blockingImpacts.includes(v.impact))
}

/** One line per violation, for a test's error and the console. */
export function describeViolation(record: A11yRecord, v: A11yViolation): string {
  return `${record.page} (${record.lang}): ${v.rule} [${v.impact}] on ${v.nodes} element(s), e.g. ${v.target} — ${v.help}${v.summary ? ` (${v.summary.replace(/\s+/g, ' ').trim()})` : ''}`
}
