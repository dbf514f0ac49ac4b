import { createHash } from 'node:crypto'
import { constants, copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { createPrng } from '../lib/prng.ts'
import { catalogueKeywords } from './base.ts'
import { type BenchSize, benchSizes, buyerCount, shopCount } from './plan.ts'
import { buildPostgresTemplate, postgresUrlOf, withAdmin } from './postgres.ts'
import { buildSqliteTemplate } from './sqlite.ts'

export type BenchDialect = 'sqlite' | 'postgres'

const repoDir = path.resolve(import.meta.dirname, '../..')
/** Scratch folder of the bench (gitignored): templates, run copies, cached cursor pools. */
export const workDir = path.join(repoDir, 'bench/.work')
const templatesDir = path.join(workDir, 'templates')

/** What a template holds, written beside it once it is complete (its presence marks it usable). */
export interface TemplateMeta {
  fingerprint: string
  dialect: BenchDialect
  size: BenchSize
  listings: number
  products: number
  shops: number
  buyers: number
  buildDurationMs: number
  builtAt: string
  listingsPerCategory: Record<number, number>
  /** 5,000 on-sale listing ids drawn uniformly (detail requests). */
  onSaleSample: number[]
  /** Words of the real catalogue's titles, brands and tags (search requests). */
  keywords: string[]
}

/** Sources whose change makes a template stale: the catalogue, the schema, the server seed and this seed. */
function fingerprint(): string {
  const hash = createHash('sha256')
  const dirs = ['seed/catalogue', 'seed/articles', 'apps/server/src/db/migrations', 'apps/server/src/db/seed', 'bench/seed']
  for (const dir of dirs.filter((d) => existsSync(path.join(repoDir, d)))) {
    for (const entry of readdirSync(path.join(repoDir, dir), { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      if (entry.isFile()) hash.update(entry.name).update(readFileSync(path.join(repoDir, dir, entry.name)))
    }
  }
  return hash
    .update(readFileSync(path.join(repoDir, 'bench/lib/prng.ts')))
    .digest('hex')
    .slice(0, 16)
}

const metaPath = (dialect: BenchDialect, size: BenchSize) => path.join(templatesDir, `${dialect}-${size}.json`)
const sqliteDir = (size: BenchSize) => path.join(templatesDir, `sqlite-${size}`)
const postgresName = (size: BenchSize) => `bench_tpl_${size}`

/**
 * Returns the template of a dialect and size, building it first when it is missing or
 * stale (or `force`). Building 1M listings takes minutes; later calls return at once.
 */
export async function ensureTemplate(
  dialect: BenchDialect,
  size: BenchSize,
  options: { force?: boolean; log?: (line: string) => void } = {},
): Promise<TemplateMeta> {
  const print = options.log ?? console.log
  const current = fingerprint()
  const file = metaPath(dialect, size)
  if (!options.force && existsSync(file)) {
    const meta = JSON.parse(readFileSync(file, 'utf8')) as TemplateMeta
    if (meta.fingerprint === current) return meta
    print(`template ${dialect}-${size} is stale (sources changed): rebuilding`)
  }
  mkdirSync(templatesDir, { recursive: true })
  rmSync(file, { force: true })
  print(`building template ${dialect}-${size} (${benchSizes[size].toLocaleString('en')} listings)…`)
  const startMs = performance.now()
  const { base, plan } =
    dialect === 'sqlite' ? await buildSqliteTemplate(sqliteDir(size), size) : await buildPostgresTemplate(postgresName(size), size)
  const prng = createPrng(0x5eed)
  const meta: TemplateMeta = {
    fingerprint: current,
    dialect,
    size,
    listings: plan.listings,
    products: plan.products,
    shops: shopCount,
    buyers: buyerCount,
    buildDurationMs: Math.round(performance.now() - startMs),
    builtAt: new Date().toISOString(),
    listingsPerCategory: plan.listingsPerCategory,
    onSaleSample: Array.from({ length: 5_000 }, () => prng.pick(plan.onSaleListingIds)),
    keywords: catalogueKeywords(base),
  }
  writeFileSync(file, JSON.stringify(meta))
  print(`built template ${dialect}-${size} in ${(meta.buildDurationMs / 1000).toFixed(1)} s`)
  return meta
}

/** A scenario's own copy of a template: the env the server needs, and a drop that removes the copy. */
export interface RunDatabase {
  env: { DATA_DIR: string; DATABASE_URL?: string }
  drop(): Promise<void>
}

/** Copies a template for one scenario (SQLite: file copy; PostgreSQL: CREATE DATABASE … TEMPLATE). */
export async function copyTemplate(dialect: BenchDialect, size: BenchSize, label: string): Promise<RunDatabase> {
  const dataDir = path.join(workDir, 'runs', label)
  rmSync(dataDir, { recursive: true, force: true })
  mkdirSync(dataDir, { recursive: true })
  const dropDir = () => rmSync(dataDir, { recursive: true, force: true })
  if (dialect === 'sqlite') {
    copyFileSync(path.join(sqliteDir(size), 'bazaar.sqlite'), path.join(dataDir, 'bazaar.sqlite'), constants.COPYFILE_FICLONE)
    return { env: { DATA_DIR: dataDir }, drop: async () => dropDir() }
  }
  const name = `bench_run_${label.replace(/[^a-z0-9]/gi, '_').toLowerCase()}`
  await withAdmin(async (admin) => {
    await admin.query(`drop database if exists ${name} with (force)`)
    await admin.query(`create database ${name} template ${postgresName(size)}`)
  })
  return {
    env: { DATA_DIR: dataDir, DATABASE_URL: postgresUrlOf(name) },
    async drop() {
      await withAdmin((admin) => admin.query(`drop database if exists ${name} with (force)`))
      dropDir()
    },
  }
}
