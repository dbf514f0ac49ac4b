import { type RawBuilder, sql } from 'kysely'
import type { DialectName } from './database.ts'

/**
 * A correlated subquery that returns rows of a table as one JSON array of objects, so that a
 * statement's RETURNING (or select list) can carry a row's children without a second
 * statement: `json_group_array(json_object(…))` on SQLite, `json_agg(json_build_object(…))`
 * on PostgreSQL, both ordered.
 * @param table the child table, aliased `c` in `where` and `orderBy`
 * @param columns the child's columns to carry (their names become the objects' keys)
 * @param where the correlation, e.g. sql`c.order_id = orders.id`
 * @param orderBy a column of the child, e.g. 'id'
 * Read the value back with `parseJsonRows`.
 */
export function jsonRowsOf(
  dialect: DialectName,
  table: string,
  columns: readonly string[],
  where: RawBuilder<unknown>,
  orderBy: string,
): RawBuilder<unknown> {
  const pairs = sql.join(
    columns.map((c) => sql`${sql.lit(c)}, ${sql.ref(`c.${c}`)}`),
    sql`, `,
  )
  const order = sql.ref(`c.${orderBy}`)
  return dialect === 'postgres'
    ? sql`(select coalesce(json_agg(json_build_object(${pairs}) order by ${order}), '[]'::json) from ${sql.table(table)} c where ${where})`
    : sql`(select json_group_array(json_object(${pairs}) order by ${order}) from ${sql.table(table)} c where ${where})`
}

/** The rows of a `jsonRowsOf` value: SQLite returns its JSON as text, node-postgres already parsed. */
export function parseJsonRows<T>(value: unknown): T[] {
  if (value === null || value === undefined) return []
  return (typeof value === 'string' ? JSON.parse(value) : value) as T[]
}
