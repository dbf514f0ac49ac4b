// Gzip sizes of the built shop against BENCH.md B1–B5, from the Vite manifest (gzip -9).
// Usage: node apps/shop/scripts/sizes.mjs [--json]
import { readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { gzipSync } from 'node:zlib'

const dist = join(dirname(fileURLToPath(import.meta.url)), '..', 'dist')
const manifest = JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8'))
const gz = (file) => gzipSync(readFileSync(join(dist, file)), { level: 9 }).length
const kb = (n) => `${(n / 1024).toFixed(1)} KB`

/** A chunk and everything it imports statically (what loading it costs). */
function closure(key, seen = new Set()) {
  if (seen.has(key)) return seen
  seen.add(key)
  for (const dep of manifest[key]?.imports ?? []) closure(dep, seen)
  return seen
}
const jsOf = (keys) => [...new Set([...keys].map((k) => manifest[k].file))]
const sum = (files) => files.reduce((n, f) => n + gz(f), 0)

const entryKey = Object.keys(manifest).find((k) => manifest[k].isEntry)
const initial = closure(entryKey)
const initialJs = jsOf(initial)
const b1 = sum(initialJs)

const lazy = Object.keys(manifest).filter((k) => manifest[k].isDynamicEntry)
const routes = lazy
  .filter((k) => k.includes('/pages/'))
  .map((k) => {
    const extra = jsOf(closure(k)).filter((f) => !initialJs.includes(f))
    return { route: k.split('/').pop(), gzip: sum(extra) }
  })
  .sort((a, b) => b.gzip - a.gzip)
const parts = lazy
  .filter((k) => !k.includes('/pages/') && !k.endsWith('.json'))
  .map((k) => ({ part: k.split('/').pop(), gzip: sum(jsOf(closure(k)).filter((f) => !initialJs.includes(f))) }))
  .sort((a, b) => b.gzip - a.gzip)
const bundles = lazy
  .filter((k) => k.includes('locales/') && k.endsWith('.json'))
  .map((k) => ({ bundle: k.split('locales/').pop(), gzip: gz(manifest[k].file) }))
  .sort((a, b) => b.gzip - a.gzip)

const allJs = [...new Set(Object.values(manifest).map((c) => c.file).filter((f) => f.endsWith('.js')))]
const allCss = [...new Set(Object.values(manifest).flatMap((c) => [c.file, ...(c.css ?? [])]).filter((f) => f.endsWith('.css')))]
const b3 = sum(allJs)
const b4 = sum(allCss)

const report = [
  ['B1 entry + home (first route) JS', b1, 200 * 1024],
  ['B2 largest lazy route chunk', routes[0]?.gzip ?? 0, 50 * 1024],
  ['B3 all JS', b3, 350 * 1024],
  ['B4 all CSS', b4, 30 * 1024],
  ['B5 largest language bundle', bundles[0]?.gzip ?? 0, 15 * 1024],
]
if (process.argv.includes('--json')) {
  console.log(JSON.stringify({ b1, routes, parts, bundles, b3, b4 }, null, 2))
} else {
  for (const [name, size, budget] of report) console.log(`${size <= budget ? 'ok  ' : 'OVER'} ${name}: ${kb(size)} (budget ${kb(budget)})`)
  console.log('lazy routes:', routes.map((r) => `${r.route} ${kb(r.gzip)}`).join(', '))
  console.log('other lazy parts:', parts.slice(0, 6).map((p) => `${p.part} ${kb(p.gzip)}`).join(', '))
  console.log('language bundles:', bundles.slice(0, 4).map((b) => `${b.bundle} ${kb(b.gzip)}`).join(', '), '…')
}
process.exitCode = report.every(([, size, budget]) => size <= budget) ? 0 : 1
