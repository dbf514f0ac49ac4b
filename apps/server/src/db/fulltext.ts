import { type Expression, type SqlBool, sql } from 'kysely'
import type { DialectName } from './database.ts'

/**
 * Splits search input into at most 8 lower-case words of letters and digits (any script),
 * so no user text ever reaches a query's syntax; the words are then bound as parameters.
 */
export function searchTerms(keywords: string): string[] {
  return (keywords.normalize('NFKC').match(/[\p{L}\p{N}]+/gu) ?? []).slice(0, 8).map((w) => w.toLowerCase())
}

/**
 * SQL condition "this listing's product contains every word" (substring match over title,
 * brand, tags and description) through the database's own index: FTS5 with the trigram
 * tokenizer on SQLite (words under 3 characters fall back to LIKE on the same table),
 * pg_trgm on PostgreSQL.
 * @param productIdColumn the column holding the product id, e.g. 'l.product_id'
 */
export function productMatches(dialect: DialectName, productIdColumn: string, terms: string[]): Expression<SqlBool> {
  const column = sql.ref(productIdColumn)
  const conditions = terms.map((term) => {
    const like = `%${term}%`
    if (dialect === 'postgres') return sql<SqlBool>`${column} in (select id from products where search_text like ${like})`
    if (term.length >= 3) return sql<SqlBool>`${column} in (select rowid from products_fts where products_fts match ${`"${term}"`})`
    return sql<SqlBool>`${column} in (select rowid from products_fts where title like ${like} or brand like ${like} or tags like ${like} or description like ${like})`
  })
  return sql<SqlBool>`(${sql.join(conditions, sql` and `)})`
}
