import { median } from '../lib/report.ts'
import type { PageVitals } from './vitals.ts'

/** BENCH.md B7 (per page) and B6 (per thumbnail). */
export const vitalsGoals = { lcpMaxMs: 2_500, lcpAimMs: 1_500, clsMax: 0.1, inpMaxMs: 200, thumbnailMaxBytes: 30 * 1024 }

/** One page's medians against B7. */
export interface PageVerdict {
  page: string
  lcpMs: number | null
  cls: number
  inpMs: number | null
  pass: boolean
}

/** Medians of each page's runs and whether they meet LCP ≤ 2.5 s, CLS ≤ 0.1 and INP ≤ 200 ms. */
export function vitalsBudgets(vitals: Record<string, PageVitals[]>): PageVerdict[] {
  return Object.entries(vitals).map(([page, runs]) => {
    const lcps = runs.map((r) => r.lcpMs).filter((v): v is number => v !== null)
    const inps = runs.map((r) => r.inpMs).filter((v): v is number => v !== null)
    const lcpMs = lcps.length ? Math.round(median(lcps)) : null
    const inpMs = inps.length ? Math.round(median(inps)) : null
    const cls = Math.round(median(runs.map((r) => r.cls)) * 1000) / 1000
    const pass =
      lcpMs !== null && lcpMs <= vitalsGoals.lcpMaxMs && cls <= vitalsGoals.clsMax && inpMs !== null && inpMs <= vitalsGoals.inpMaxMs
    return { page, lcpMs, cls, inpMs, pass }
  })
}

/** One list thumbnail checked against B6. */
export interface ThumbnailCheck {
  src: string
  contentType: string | null
  bytes: number
  sizeSet: boolean
  loading: string | null
  pass: boolean
}

/**
 * Checks the list page's grid images (B6): each is WebP of at most 30 KB (fetched again,
 * unthrottled, for its type and length), has width and height attributes, and loads
 * lazily except the first.
 */
export async function checkThumbnails(baseUrl: string, thumbnails: PageVitals['thumbnails']): Promise<ThumbnailCheck[]> {
  const checks: ThumbnailCheck[] = []
  for (const [i, t] of thumbnails.entries()) {
    const response = await fetch(new URL(t.src, baseUrl))
    const bytes = (await response.arrayBuffer()).byteLength
    const contentType = response.headers.get('content-type')
    const sizeSet = Boolean(t.width && t.height)
    const lazyRight = i === 0 ? t.loading !== 'lazy' : t.loading === 'lazy'
    checks.push({
      src: new URL(t.src, baseUrl).pathname,
      contentType,
      bytes,
      sizeSet,
      loading: t.loading,
      pass: contentType === 'image/webp' && bytes <= vitalsGoals.thumbnailMaxBytes && sizeSet && lazyRight,
    })
  }
  return checks
}

/** B7 per page and B6 as markdown. */
export function renderVitals(verdicts: PageVerdict[], thumbnails: ThumbnailCheck[]): string {
  const ms = (v: number | null) => (v === null ? '–' : `${v} ms`)
  const lines = ['| B7 page | LCP (≤ 2500, aim 1500) | CLS (≤ 0.1) | INP (≤ 200) | result |', '|---|---|---|---|---|']
  for (const v of verdicts) lines.push(`| ${v.page} | ${ms(v.lcpMs)} | ${v.cls} | ${ms(v.inpMs)} | ${v.pass ? 'pass' : '**FAIL**'} |`)
  const largest = thumbnails.reduce((max, t) => Math.max(max, t.bytes), 0)
  const failed = thumbnails.filter((t) => !t.pass)
  lines.push(
    '',
    `B6 list thumbnails: ${thumbnails.length} images in the grid, largest ${(largest / 1024).toFixed(1)} KB, types ${[...new Set(thumbnails.map((t) => t.contentType))].join(', ') || '–'}; ` +
      `${thumbnails.length > 0 && failed.length === 0 ? 'pass' : `**FAIL** (${thumbnails.length === 0 ? 'no grid images found' : failed.map((t) => `${t.src}: ${t.contentType}, ${t.bytes} B, size ${t.sizeSet ? 'set' : 'missing'}, loading ${t.loading}`).join('; ')})`}`,
  )
  return lines.join('\n')
}
