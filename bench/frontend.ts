/**
 * Front-end bench (BENCH.md B1–B7): `npm run bench:frontend -- [--dist=apps/shop/dist] [--quick]`.
 * Builds the shop into bench/.work/shop-dist (so a colleague's apps/shop/dist is never
 * clobbered) unless --dist is given, measures chunk sizes from its manifest, then serves it
 * from the real server on the 100k template and loads home, list, product and shop home (in English,
 * then in Arabic) in Debian's
 * Chromium with 4× CPU slowdown and slow 4G: LCP, CLS, INP (three runs each, median, after
 * one unthrottled warm-up load that also fills the server's image cache) and B6 thumbnails;
 * then Lighthouse 12 (mobile preset) on the same four pages against issue 15's goals.
 * `--lighthouse-only` skips the B7 loads and writes no result (to try a fix quickly).
 */
import { execFileSync } from 'node:child_process'
import { mkdirSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { chromium } from '@playwright/test'
import { checkSizes, renderSizeTable } from './frontend/budgets.ts'
import { type LighthouseRun, lighthouseGoals, lighthousePass, renderLighthouse, runLighthouse } from './frontend/lighthouse.ts'
import { measureChunkSizes } from './frontend/sizes.ts'
import { checkThumbnails, renderVitals, vitalsBudgets } from './frontend/verdicts.ts'
import { measurePage, type PagePlan, type PageVitals } from './frontend/vitals.ts'
import { machineInfo } from './lib/machine.ts'
import { startServerProcess } from './lib/server-process.ts'
import { copyTemplate, ensureTemplate, workDir } from './seed/templates.ts'

const args = new Map(process.argv.slice(2).map((a) => a.replace(/^--/, '').split('=') as [string, string | undefined]))
const runCount = args.has('quick') ? 1 : 3
const lighthouseOnly = args.has('lighthouse-only')
const repoDir = path.resolve(import.meta.dirname, '..')
const chromiumArgs = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
]

let distDir = args.get('dist') ? path.resolve(args.get('dist') as string) : path.join(workDir, 'shop-dist')
if (!args.get('dist')) {
  console.log(`building the shop into ${path.relative(repoDir, distDir)}…`)
  execFileSync(
    path.join(repoDir, 'node_modules/.bin/vite'),
    ['build', '--manifest', '--outDir', distDir, '--emptyOutDir', '--logLevel', 'warn'],
    { cwd: path.join(repoDir, 'apps/shop'), stdio: 'inherit' },
  )
  // The server build beside it (issue 25), as `npm run build -w @bazaar/shop` makes it: without
  // it the server answers every page with the shell.
  execFileSync(
    path.join(repoDir, 'node_modules/.bin/vite'),
    ['build', '--ssr', 'src/entry-server.tsx', '--outDir', path.join(distDir, '.ssr'), '--emptyOutDir', '--logLevel', 'warn'],
    { cwd: path.join(repoDir, 'apps/shop'), stdio: 'inherit' },
  )
}
distDir = path.resolve(distDir)
const sizes = measureChunkSizes(distDir)
const sizeChecks = checkSizes(sizes)
console.log(renderSizeTable(sizeChecks, sizes))

const meta = await ensureTemplate('sqlite', '100k')
const copy = await copyTemplate('sqlite', '100k', `frontend-${process.pid}`)
const server = await startServerProcess({ ...copy.env, SHOP_DIST_DIR: distDir })
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: chromiumArgs })
const vitals: Record<string, PageVitals[]> = {}
try {
  const tree = (await (await fetch(`${server.url}/api/categories`)).json()) as { data: { items: { id: number }[] } }
  const product = (await (await fetch(`${server.url}/api/products/${meta.onSaleSample[0]}`)).json()) as { data: { shop: { id: number } } }
  const pages: PagePlan[] = [
    {
      name: 'home',
      path: '/pages/index',
      readySelector: '[data-testid="product-grid"] img',
      tapSelectors: ['[data-testid="category-shortcut"]', '[role="tab"]'],
    },
    {
      name: 'list',
      path: `/pages/product/list?categoryId=${tree.data.items[0]?.id ?? 1}`,
      readySelector: '[data-testid="product-grid"] img',
      tapSelectors: ['[data-testid="sort-price"]', '[role="tab"]'],
    },
    {
      name: 'product',
      path: `/pages/product/goods?id=${meta.onSaleSample[0]}`,
      readySelector: '[data-testid="gallery"] img',
      tapSelectors: ['[data-testid="open-spec"]', '[data-testid="add-to-cart"]'],
    },
    {
      name: 'shop',
      path: `/pages/product/shop_home?id=${product.data.shop.id}`,
      readySelector: '[data-testid="product-grid"] img',
      tapSelectors: ['[role="tab"]', '[data-testid="product-card"]'],
    },
  ]
  // B7 also in Arabic (issue 25): the same pages rendered right to left, for LCP and CLS only
  // (Lighthouse below runs the English four).
  const arabic = pages.map((plan) => ({ ...plan, name: `${plan.name} (ar)`, locale: 'ar' }))
  for (const plan of [...pages, ...arabic]) {
    await measurePage(browser, server.url, plan, false)
    for (let run = 0; run < (lighthouseOnly ? 0 : runCount); run++) {
      const result = await measurePage(browser, server.url, plan, true)
      vitals[plan.name] = [...(vitals[plan.name] ?? []), result]
      console.log(
        `${plan.name} run ${run + 1}/${runCount}: LCP ${result.lcpMs?.toFixed(0)} ms (${result.lcpElement}), CLS ${result.cls.toFixed(3)}, INP ${result.inpMs?.toFixed(0) ?? '–'} ms (${result.interaction ?? 'nothing to tap'})`,
      )
    }
  }
  console.log('running Lighthouse (mobile preset) on each page…')
  const lighthouse = await runLighthouse(server.url, pages)
  const lighthouseMd = renderLighthouse(lighthouse.runs, lighthouse.version)
  if (lighthouseOnly) console.log(`\n${lighthouseMd}\n\n(--lighthouse-only: no result written)`)
  else await writeResults(lighthouse, lighthouseMd)
} finally {
  await browser.close()
  await server.stop()
  await copy.drop()
}

/** B1–B7 and Lighthouse as bench/results/<date>-<sha>-frontend[-quick].json and .md. */
async function writeResults(lighthouse: { version: string; runs: LighthouseRun[] }, lighthouseMd: string): Promise<void> {
  const thumbnails = await checkThumbnails(server.url, vitals.list?.[0]?.thumbnails ?? [])
  const machine = machineInfo({ sqlite: null, postgres: null })
  const verdicts = vitalsBudgets(vitals)
  const markdown = [
    `# Front-end bench ${machine.date.slice(0, 10)} at ${machine.gitSha}${machine.gitDirty ? ' (tree had uncommitted changes)' : ''}`,
    '',
    `${machine.cpuModel}, ${machine.nproc} cores, Node ${machine.node}, Chromium ${browser.version()}. Sizes: gzip -9 of the Vite build. Browser: 390×844 at DPR 1.75, CPU ×4, slow 4G (562.5 ms RTT, 1.44 Mbps down), cold browser cache, warm server; median of ${runCount}.`,
    '',
    renderSizeTable(sizeChecks, sizes),
    '',
    renderVitals(verdicts, thumbnails),
    '',
    lighthouseMd,
  ].join('\n')
  const base = path.join(
    import.meta.dirname,
    'results',
    `${machine.date.slice(0, 10)}-${machine.gitSha}-frontend${runCount === 1 ? '-quick' : ''}`,
  )
  mkdirSync(path.dirname(base), { recursive: true })
  writeFileSync(
    `${base}.json`,
    `${JSON.stringify(
      {
        machine,
        distDir: path.relative(repoDir, distDir),
        sizes: sizeChecks,
        vitals,
        verdicts,
        thumbnails,
        lighthouse: { ...lighthouse, goals: lighthouseGoals, pass: lighthousePass(lighthouse.runs) },
      },
      null,
      2,
    )}\n`,
  )
  writeFileSync(`${base}.md`, `${markdown}\n`)
  console.log(`\n${markdown}\n\nwrote ${path.relative(process.cwd(), base)}.json and .md`)
}
