import { type Expression, type SqlBool, sql } from 'kysely'
import type { DialectName } from './database.ts'

/**
 * Splits search input into at most 8 words of letters and digits (any script), so no
 * user text ever reaches the full-text query syntax; the words are then bound as parameters.
 */
export function searchTerms(keywords: string): string[] {
  return (keywords.normalize('NFKC').match(/[\p{L}\p{N}]+/gu) ?? []).slice(0, 8).map((w) => w.toLowerCase())
}

/**
 * SQL condition "this listing's product matches every word (as a prefix)", with the
 * database's own full-text index: FTS5 on SQLite, a tsvector GIN index on PostgreSQL.
 * @param productIdColumn the column holding the product id, e.g. 'listings.product_id'
 */
export function productMatches(dialect: DialectName, productIdColumn: string, terms: string[]): Expression<SqlBool> {
  const column = sql.ref(productIdColumn)
  if (dialect === 'sqlite') {
    const query = terms.map((t) => `"${t}"*`).join(' ')
    return sql<SqlBool>`${column} in (select rowid from products_fts where products_fts match ${query})`
  }
  const query = terms.map((t) => `${t}:*`).join(' & ')
  return sql<SqlBool>`${column} in (select id from products where search_vector @@ to_tsquery('simple', ${query}))`
}
