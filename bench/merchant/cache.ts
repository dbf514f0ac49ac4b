import { createHash } from 'node:crypto'
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import SQLite from 'better-sqlite3'
import { workDir } from '../seed/templates.ts'

/**
 * The prepared merchant database, kept between SQLite runs (preparing 100,000 orders takes
 * 6–20 minutes on this shared machine). Its key covers the bench's data code and sizes, not
 * the server: a later run opens the copy and runs the migrations, whose backfills bring it to
 * the current schema (the dashboard rollups of 013 are filled from the rows they sum), so a
 * server change is measured on the same data. Delete bench/.work/merchant to prepare afresh.
 */
const cacheDir = path.join(workDir, 'merchant')

export interface PreparedMeta {
  key: string
  prep: Record<string, unknown>
}

/** The cache key of a preparation of `orders` orders and `listings` listings. */
export function preparedKey(orders: number, listings: number): string {
  const hash = createHash('sha256').update(JSON.stringify({ orders, listings }))
  const root = path.resolve(import.meta.dirname, '..')
  for (const file of ['merchant/prepare.ts', 'orders/prepare.ts', 'lib/prng.ts']) hash.update(readFileSync(path.join(root, file)))
  for (const file of readdirSync(path.join(root, 'seed')).sort()) hash.update(readFileSync(path.join(root, 'seed', file)))
  return hash.digest('hex').slice(0, 12)
}

const filesOf = (key: string) => ({ db: path.join(cacheDir, `sqlite-${key}.sqlite`), meta: path.join(cacheDir, `sqlite-${key}.json`) })

/** The cached database file and its preparation record, or null. */
export function findPrepared(key: string): { file: string; meta: PreparedMeta } | null {
  const { db, meta } = filesOf(key)
  if (!existsSync(db) || !existsSync(meta)) return null
  return { file: db, meta: JSON.parse(readFileSync(meta, 'utf8')) as PreparedMeta }
}

/** Keeps a prepared SQLite database (an online backup, so it may be open elsewhere). */
export async function keepPrepared(sourceFile: string, meta: PreparedMeta): Promise<void> {
  mkdirSync(cacheDir, { recursive: true })
  const { db, meta: metaFile } = filesOf(meta.key)
  const source = new SQLite(sourceFile, { readonly: true })
  try {
    await source.backup(db)
  } finally {
    source.close()
  }
  writeFileSync(metaFile, JSON.stringify(meta))
}
