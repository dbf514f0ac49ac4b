/**
 * Fast CI check of the front-end size budgets (BENCH.md B1–B5) on a built shop:
 * `npm run check:budgets [-- --dist=apps/shop/dist]`. Reads Vite's manifest, gzips every
 * chunk at level 9, prints the table and exits 1 when any budget is exceeded (2 when there
 * is no build to check). The slow browser measurements live in bench/frontend.ts.
 */
import path from 'node:path'
import { checkSizes, renderSizeTable, sizeBudgets } from './frontend/budgets.ts'
import { manifestPath, measureChunkSizes } from './frontend/sizes.ts'

const distArg = process.argv.slice(2).find((a) => a.startsWith('--dist='))
const distDir = path.resolve(distArg ? distArg.slice('--dist='.length) : path.join(import.meta.dirname, '../apps/shop/dist'))
if (!manifestPath(distDir)) {
  console.error(`check:budgets: no Vite manifest under ${distDir}; build the shop first (npm run build)`)
  process.exit(2)
}
const sizes = measureChunkSizes(distDir)
const checks = checkSizes(sizes)
console.log(renderSizeTable(checks, sizes))
const failed = checks.filter((c) => !c.pass)
for (const [budget, bytes] of [
  ['B1', sizes.firstRoute.gzipBytes],
  ['B3', sizes.appJs.gzipBytes],
] as const) {
  const aim = sizeBudgets[budget].aimBytes
  if (bytes > aim) console.log(`\nnote: ${budget} is ${(bytes / 1024).toFixed(1)} KB, above BENCH.md's aim of ${aim / 1024} KB`)
}
console.log(
  `\n${checks.length - failed.length} of ${checks.length} size budgets met${failed.length ? `; over budget: ${failed.map((c) => `${c.budget} ${c.name}`).join(', ')}` : ''}`,
)
process.exit(failed.length > 0 ? 1 : 0)
