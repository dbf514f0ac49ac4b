import { renameSync, rmSync } from 'node:fs'
import path from 'node:path'
import SQLite from 'better-sqlite3'
import { openDatabase } from '../../apps/server/src/db/database.ts'
import { type BaseCatalogue, readBase, removeDemoShops, seedLikeTheServer } from './base.ts'
import { type BenchSize, type PlanSummary, writePlan } from './plan.ts'
import { type BulkWriter, reindexedTables, type TableSpec } from './tables.ts'

/**
 * Builds the SQLite template `<dir>/bazaar.sqlite` (a ready DATA_DIR): the real migrations
 * and catalogue import through the server's own code, then the bench rows through
 * better-sqlite3 directly in one transaction with prepared statements, secondary indexes
 * dropped during the load and rebuilt after, then a foreign-key check and ANALYZE.
 * Built in `<dir>.building` and renamed at the end, so a half-built template is never used.
 */
export async function buildSqliteTemplate(dir: string, size: BenchSize): Promise<{ base: BaseCatalogue; plan: PlanSummary }> {
  const building = `${dir}.building`
  rmSync(building, { recursive: true, force: true })
  const db = openDatabase({ dataDir: building })
  let base: BaseCatalogue
  try {
    await seedLikeTheServer(db)
    await removeDemoShops(db.kysely)
    base = await readBase(db.kysely)
  } finally {
    await db.close()
  }

  const raw = new SQLite(path.join(building, 'bazaar.sqlite'))
  try {
    // Build-time settings only: one big transaction, no fsync, a large page cache for the
    // index rebuilds. The server reopens the copy with its own pragmas (WAL, FULL, FKs on).
    raw.pragma('journal_mode = DELETE')
    raw.pragma('synchronous = OFF')
    raw.pragma('foreign_keys = OFF')
    raw.pragma('cache_size = -1000000')
    raw.pragma('temp_store = MEMORY')
    const placeholders = reindexedTables.map(() => '?').join(',')
    const indexes = raw
      .prepare(`select name, sql from sqlite_master where type = 'index' and sql is not null and tbl_name in (${placeholders})`)
      .all(...reindexedTables) as { name: string; sql: string }[]
    raw.exec('begin')
    for (const index of indexes) raw.exec(`drop index ${index.name}`)
    const plan = await writePlan(sqliteWriter(raw), base, size)
    for (const index of indexes) raw.exec(index.sql)
    raw.exec('commit')
    const broken = raw.prepare('pragma foreign_key_check').all()
    if (broken.length > 0) throw new Error(`bench seed broke ${broken.length} foreign keys, e.g. ${JSON.stringify(broken[0])}`)
    raw.exec('analyze')
    raw.close()
    rmSync(dir, { recursive: true, force: true })
    renameSync(building, dir)
    return { base, plan }
  } catch (error) {
    if (raw.open) raw.close()
    throw error
  }
}

function sqliteWriter(raw: SQLite.Database): BulkWriter {
  const statements = new Map<string, SQLite.Statement>()
  return {
    async insert(spec: TableSpec, rows: unknown[][]) {
      let statement = statements.get(spec.table)
      if (!statement) {
        const columns = spec.columns.map(([name]) => name)
        statement = raw.prepare(`insert into ${spec.table} (${columns.join(', ')}) values (${columns.map(() => '?').join(', ')})`)
        statements.set(spec.table, statement)
      }
      for (const row of rows) statement.run(row)
    },
  }
}
