import { sql } from 'kysely'
import type { DialectName, Trx } from '../../db/database.ts'
import { onSaleListingCards } from './repo.ts'

/**
 * How many matching products each index offers a search at most: the first ones in id order,
 * which FTS5 streams and stops early (in descending order it reads a term's whole doclist
 * first: 7 ms instead of 2 ms a word at 1M listings). This bounds a search's work, so a
 * common word costs about the same at 10k and 1M listings; ranking is exact among them.
 */
export const candidateCap = 200

/** A product that matches a search: its id and its relevance (smaller ranks first). */
export interface Candidate {
  id: number
  rank: number
}

/** The category scope of a search, on the product's own category columns. */
export type CategoryScope = { column: 'category_id' | 'top_category_id'; value: number } | undefined

/**
 * Products whose words match every term (the last one also as a word prefix: the word being
 * typed), with their relevance, smaller first: on SQLite minus the weights of the fields each
 * term is found in (title 8, brand 4, tags 2, description 1), on PostgreSQL minus ts_rank over
 * the vector weighted the same way (A–D).
 * At most `candidateCap`, in id order. Terms are letters and digits only (searchTerms).
 */
export async function findWordMatches(db: Trx, dialect: DialectName, terms: string[], scope: CategoryScope): Promise<Candidate[]> {
  const scopeSql = scope ? sql`and p.${sql.ref(scope.column)} = ${scope.value}` : sql``
  if (dialect === 'postgres') {
    const query = terms.map((t, i) => (i === terms.length - 1 ? `${t}:*` : t)).join(' & ')
    const { rows } = await sql<Candidate>`select p.id, -ts_rank(p.search_vector, q) as rank
      from products p, to_tsquery('simple', ${query}) q
      where p.search_vector @@ q ${scopeSql}
      order by p.id limit ${candidateCap}`.execute(db)
    return rows.map((r) => ({ id: Number(r.id), rank: Number(r.rank) }))
  }
  const match = terms.map((t, i) => (i === terms.length - 1 ? `"${t}" *` : `"${t}"`)).join(' ')
  // Not bm25: its document frequencies make FTS5 visit every match of every term, which
  // grows with the catalogue. The weight of the fields each term is found in costs the same
  // for the candidates alone.
  const weights = sql.join(
    terms.map(
      (t) => sql`8 * (instr(lower(p.title), ${t}) > 0) + 4 * (instr(lower(coalesce(p.brand, '')), ${t}) > 0)
        + 2 * (instr(lower(p.tags), ${t}) > 0) + (instr(lower(p.description), ${t}) > 0)`,
    ),
    sql` + `,
  )
  const { rows } = await sql<Candidate>`select w.rowid as id, -(${weights}) as rank
    from products_words w join products p on p.id = w.rowid
    where products_words match ${match} ${scopeSql}
    order by w.rowid limit ${candidateCap}`.execute(db)
  return rows
}

/**
 * Products whose name (title and brand) contains every term inside a word ('phone' in
 * 'iPhone') through migration 012's substring index (SQLite FTS5 trigram, PostgreSQL
 * pg_trgm); terms under 3 characters cannot use it and are left to the word index. At most
 * `candidateCap`, in id order.
 */
export async function findSubstringMatches(db: Trx, dialect: DialectName, terms: string[], scope: CategoryScope): Promise<number[]> {
  const long = terms.filter((t) => t.length >= 3)
  if (long.length === 0) return []
  const scopeSql = scope ? sql`and p.${sql.ref(scope.column)} = ${scope.value}` : sql``
  if (dialect === 'postgres') {
    const likes = sql.join(
      long.map((t) => sql`p.name_text like ${`%${t}%`}`),
      sql` and `,
    )
    const { rows } = await sql<{
      id: number
    }>`select p.id from products p where ${likes} ${scopeSql} order by p.id limit ${candidateCap}`.execute(db)
    return rows.map((r) => Number(r.id))
  }
  const match = long.map((t) => `"${t}"`).join(' ')
  const { rows } = await sql<{ id: number }>`select f.rowid as id from products_names f join products p on p.id = f.rowid
    where products_names match ${match} ${scopeSql} order by f.rowid limit ${candidateCap}`.execute(db)
  return rows.map((r) => r.id)
}

/**
 * The on-sale listings (of active shops) of some products, with the card's fields, best
 * recommend score first within a product; `priceCents` bounds apply when given.
 */
export function findListingsOfProducts(db: Trx, productIds: number[], price: { min: number | undefined; max: number | undefined }) {
  let query = onSaleListingCards(db).where('l.product_id', 'in', productIds)
  if (price.min !== undefined) query = query.where('l.price_cents', '>=', price.min)
  if (price.max !== undefined) query = query.where('l.price_cents', '<=', price.max)
  return query.orderBy('l.recommend_score', 'desc').orderBy('l.id', 'desc').execute()
}
