import { sql } from 'kysely'
import type { TestApp } from '../test/app-harness.ts'

/** Every row of every table, as JSON text per table (rows sorted), for before/after comparisons. */
export type Snapshot = Record<string, string[]>

/**
 * Reads the whole database: each table's rows as JSON strings, sorted, so two snapshots
 * compare equal exactly when no row was added, removed or changed.
 */
export async function snapshotDatabase(t: TestApp): Promise<Snapshot> {
  const tables = await t.db.kysely.introspection.getTables()
  const snapshot: Snapshot = {}
  for (const table of tables) {
    const rows = await sql<Record<string, unknown>>`select * from ${sql.table(table.name)}`.execute(t.db.kysely)
    snapshot[table.name] = rows.rows.map((row) => JSON.stringify(row, (_k, v) => (typeof v === 'bigint' ? String(v) : v))).sort()
  }
  return snapshot
}

/** The tables whose rows differ between two snapshots, with the number of rows added and removed. */
export function changedTables(before: Snapshot, after: Snapshot): Record<string, { added: number; removed: number }> {
  const changed: Record<string, { added: number; removed: number }> = {}
  for (const name of new Set([...Object.keys(before), ...Object.keys(after)])) {
    const was = new Set(before[name] ?? [])
    const is = new Set(after[name] ?? [])
    const added = [...is].filter((r) => !was.has(r)).length
    const removed = [...was].filter((r) => !is.has(r)).length
    if (added > 0 || removed > 0) changed[name] = { added, removed }
  }
  return changed
}

/** The rows of any table containing one of the sentinel values (a number or a string), as `table: row`. */
export function rowsContaining(snapshot: Snapshot, sentinels: (string | number)[]): string[] {
  const found: string[] = []
  for (const [table, rows] of Object.entries(snapshot)) {
    for (const row of rows) if (sentinels.some((s) => row.includes(String(s)))) found.push(`${table}: ${row.slice(0, 300)}`)
  }
  return found
}
