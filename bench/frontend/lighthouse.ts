import { writeFileSync } from 'node:fs'
import path from 'node:path'
import * as chromeLauncher from 'chrome-launcher'
import lighthouse from 'lighthouse'

/** Issue 15's goals for Lighthouse 12 (mobile preset), scores 0–100. */
export const lighthouseGoals = { performance: 95, accessibility: 100, 'best-practices': 100, seo: 100 } as const
export type LighthouseCategory = keyof typeof lighthouseGoals
const categories = Object.keys(lighthouseGoals) as LighthouseCategory[]

/** One failed or partly failed audit: what Lighthouse says the remaining score is spent on. */
export interface LighthouseFinding {
  id: string
  title: string
  /** 0–1, null for informative audits. */
  score: number | null
  /** Lighthouse's own summary, e.g. "Potential savings of 120 KiB" or "Est savings of 450 ms". */
  displayValue: string | null
}

/** One page's Lighthouse run (mobile preset: Moto G Power, simulated slow 4G, 4× CPU). */
export interface LighthouseRun {
  page: string
  url: string
  scores: Record<LighthouseCategory, number | null>
  lcpMs: number | null
  cls: number | null
  tbtMs: number | null
  /**
   * Lighthouse's CPU benchmark of the machine during the run (a quiet desktop scores ~1500–2500);
   * TBT and the CPU part of LCP scale with it, so compare runs only at similar values.
   */
  benchmarkIndex: number | null
  findings: LighthouseFinding[]
  /** Errors logged to the console during the load, as Lighthouse saw them. */
  consoleErrors: string[]
}

/**
 * Runs Lighthouse's default (mobile) config once per page in Debian's Chromium, launched by
 * chrome-launcher on a fresh profile (never a downloaded browser). Pages run one after another
 * on the one Chromium; each load starts with Lighthouse's own storage and cache reset.
 * LIGHTHOUSE_DUMP_DIR=dir writes each page's full report there (dir/home.json) to dig into.
 */
export async function runLighthouse(
  baseUrl: string,
  pages: { name: string; path: string }[],
): Promise<{ version: string; runs: LighthouseRun[] }> {
  const chrome = await chromeLauncher.launch({
    chromePath: '/usr/bin/chromium',
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-quic'],
  })
  const runs: LighthouseRun[] = []
  let version = ''
  try {
    for (const page of pages) {
      const url = new URL(page.path, baseUrl).href
      const audit = async () => {
        const result = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: categories })
        if (!result) throw new Error(`lighthouse returned nothing for ${url}`)
        return result.lhr
      }
      let lhr = await audit()
      // A trace Lighthouse failed to record (NO_NAVSTART, on a loaded machine): once more, as it advises.
      if (lhr.runtimeError?.code === 'NO_NAVSTART') lhr = await audit()
      if (process.env.LIGHTHOUSE_DUMP_DIR)
        writeFileSync(path.join(process.env.LIGHTHOUSE_DUMP_DIR, `${page.name}.json`), JSON.stringify(lhr))
      version = lhr.lighthouseVersion
      if (lhr.runtimeError) throw new Error(`lighthouse on ${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`)
      const scoreOf = (id: LighthouseCategory) => {
        const score = lhr.categories[id]?.score
        return typeof score === 'number' ? Math.round(score * 100) : null
      }
      const numeric = (id: string) => {
        const value = lhr.audits[id]?.numericValue
        return typeof value === 'number' ? value : null
      }
      const scored = new Set(categories.flatMap((c) => (lhr.categories[c]?.auditRefs ?? []).filter((r) => r.weight > 0).map((r) => r.id)))
      const findings = Object.values(lhr.audits)
        .filter((a) => typeof a.score === 'number' && a.score < 0.9 && (scored.has(a.id) || a.details?.type === 'opportunity'))
        .map((a) => ({ id: a.id, title: a.title, score: a.score, displayValue: a.displayValue ?? null }))
        .sort((a, b) => (a.score ?? 1) - (b.score ?? 1))
      const consoleItems = (lhr.audits['errors-in-console']?.details as { items?: { description?: string }[] } | undefined)?.items
      const lcp = numeric('largest-contentful-paint')
      const tbt = numeric('total-blocking-time')
      const cls = numeric('cumulative-layout-shift')
      runs.push({
        page: page.name,
        url: page.path,
        scores: Object.fromEntries(categories.map((c) => [c, scoreOf(c)])) as Record<LighthouseCategory, number | null>,
        lcpMs: lcp === null ? null : Math.round(lcp),
        tbtMs: tbt === null ? null : Math.round(tbt),
        cls: cls === null ? null : Math.round(cls * 1000) / 1000,
        benchmarkIndex: lhr.environment.benchmarkIndex ? Math.round(lhr.environment.benchmarkIndex) : null,
        findings,
        consoleErrors: (consoleItems ?? []).map((i) => i.description ?? '').filter(Boolean),
      })
    }
  } finally {
    chrome.kill()
  }
  return { version, runs }
}

/** The scores against their goals, the simulated LCP/CLS/TBT, and what each page loses points on, as markdown. */
export function renderLighthouse(runs: LighthouseRun[], version: string): string {
  const cell = (run: LighthouseRun, c: LighthouseCategory) => {
    const score = run.scores[c]
    return score === null ? '–' : score >= lighthouseGoals[c] ? `${score}` : `**${score}**`
  }
  const lines = [
    `Lighthouse ${version}, mobile preset (simulated slow 4G, 4× CPU), one run per page; a score below its goal in bold. CPU benchmark: Lighthouse's benchmarkIndex of the machine at that page (a quiet desktop ~1500–2500; TBT grows as it falls).`,
    '',
    `| page | performance (≥ ${lighthouseGoals.performance}) | accessibility (${lighthouseGoals.accessibility}) | best practices (${lighthouseGoals['best-practices']}) | SEO (${lighthouseGoals.seo}) | LCP (≤ 2500) | CLS (≤ 0.1) | TBT (≤ 200) | CPU benchmark |`,
    '|---|---|---|---|---|---|---|---|---|',
  ]
  for (const run of runs)
    lines.push(
      `| ${run.page} | ${categories.map((c) => cell(run, c)).join(' | ')} | ${run.lcpMs ?? '–'} ms | ${run.cls ?? '–'} | ${run.tbtMs ?? '–'} ms | ${run.benchmarkIndex ?? '–'} |`,
    )
  for (const run of runs) {
    if (run.findings.length === 0 && run.consoleErrors.length === 0) continue
    lines.push('', `Lighthouse on ${run.page} flags:`)
    for (const f of run.findings) lines.push(`- ${f.title} (${f.id}, score ${f.score})${f.displayValue ? `: ${f.displayValue}` : ''}`)
    for (const e of run.consoleErrors) lines.push(`- console error: ${e}`)
  }
  return lines.join('\n')
}

/** Whether every page meets every category's goal. */
export function lighthousePass(runs: LighthouseRun[]): boolean {
  return runs.every((run) => categories.every((c) => (run.scores[c] ?? 0) >= lighthouseGoals[c]))
}
