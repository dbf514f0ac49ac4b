// Builds what `npm start` serves, but only the parts whose sources changed since their last
// build: the second start on the same checkout builds nothing and goes straight to the server.
// A build's stamp is its output file's modification time; its sources are every file under the
// folders it is made from (edited, pulled or checked out files all get a newer time).
import { spawnSync } from 'node:child_process'
import { readdirSync, statSync } from 'node:fs'
import path from 'node:path'

const root = path.resolve(import.meta.dirname, '..')
const shared = ['packages/contract/src', 'packages/i18n', 'package-lock.json']

/** What each workspace builds from, and the file its build writes last. */
const targets = [
  {
    workspace: '@bazaar/shop',
    // The server build (dist/.ssr, issue 25) is written after the browser build: the newer of the two.
    output: 'apps/shop/dist/.ssr/entry-server.js',
    sources: ['apps/shop/src', 'apps/shop/vite', 'apps/shop/index.html', 'apps/shop/vite.config.ts', 'apps/shop/package.json', ...shared],
  },
  {
    workspace: '@bazaar/admin',
    output: 'apps/admin/dist/index.html',
    sources: ['apps/admin/src', 'apps/admin/index.html', 'apps/admin/vite.config.ts', 'apps/admin/package.json', ...shared],
  },
  {
    workspace: '@bazaar/server',
    output: 'apps/server/dist/main.js',
    sources: ['apps/server/src', 'apps/server/tsup.config.ts', 'apps/server/package.json', ...shared],
  },
]

/** Newest modification time (ms) of a file or of any file below a folder; 0 when absent. */
function newestMs(target) {
  let stat
  try {
    stat = statSync(target)
  } catch {
    return 0
  }
  if (!stat.isDirectory()) return stat.mtimeMs
  let newest = stat.mtimeMs
  for (const entry of readdirSync(target)) {
    if (entry === 'node_modules' || entry === 'dist') continue
    newest = Math.max(newest, newestMs(path.join(target, entry)))
  }
  return newest
}

for (const target of targets) {
  const builtMs = newestMs(path.join(root, target.output))
  const sourcesMs = Math.max(...target.sources.map((s) => newestMs(path.join(root, s))))
  if (builtMs > sourcesMs) continue
  console.log(`Building ${target.workspace} (${builtMs === 0 ? 'never built' : 'sources changed'})…`)
  const run = spawnSync('npm', ['run', 'build', '-w', target.workspace], { cwd: root, stdio: 'inherit' })
  if (run.status !== 0) process.exit(run.status ?? 1)
}
