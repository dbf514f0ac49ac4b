import { sql } from 'kysely'
import type { DialectName, Trx } from '../../db/database.ts'
import { preparedStatement } from '../../db/prepared.ts'
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

/** Where a product's listings stop being taken: its place is after this recommend score and listing id. */
export interface ListingPosition {
  score: number
  listingId: number
}

/** A listing's place in relevance order: its product, recommend score and id. */
export interface ListingKey {
  id: number
  product_id: number
  recommend_score: number
}

/**
 * Each product's best on-sale listings (of active shops), at most `perProduct` of each, by
 * recommend score then id, descending; for `after.productId` only those after `after`. One
 * statement: a union of one bounded walk per product over (product, status, score, id), so a
 * product with a thousand listings costs no more than the page needs (BENCH G3s).
 */
export async function findListingKeys(
  db: Trx,
  productIds: number[],
  perProduct: number,
  price: { min: number | undefined; max: number | undefined },
  after: ({ productId: number } & ListingPosition) | undefined,
): Promise<ListingKey[]> {
  if (productIds.length === 0) return []
  if (!Number.isSafeInteger(perProduct) || perProduct < 1) throw new RangeError(`perProduct ${perProduct}`)
  // SQL text with the bound written in: the query builder spent 230 µs building this union
  // and a bound LIMIT parameter in a union's walks cost SQLite 90 µs more, for 40 µs of work.
  const priceSql = sql`${price.min === undefined ? sql`` : sql`and l.price_cents >= ${price.min}`} ${price.max === undefined ? sql`` : sql`and l.price_cents <= ${price.max}`}`
  const walks = productIds.map((productId) => {
    const afterSql =
      after?.productId === productId
        ? sql`and (l.recommend_score < ${after.score} or (l.recommend_score = ${after.score} and l.id < ${after.listingId}))`
        : sql``
    return sql`select * from (select l.id, l.product_id, l.recommend_score from listings l join shops s on s.id = l.shop_id
      where l.product_id = ${productId} and l.status = 'on_sale' and s.status = 'active' ${priceSql} ${afterSql}
      order by l.recommend_score desc, l.id desc limit ${sql.lit(perProduct)}) w`
  })
  const { rows } = await sql<ListingKey>`${sql.join(walks, sql` union all `)}`.execute(db)
  return rows
}

const listingCards = preparedStatement((db, p: { listingIds: readonly number[] }) =>
  onSaleListingCards(db).where('l.id', 'in', p.listingIds),
)

/** The card rows of some on-sale listings (of active shops), in no particular order; compiled once per number of listings. */
export async function findListingCards(db: Trx, listingIds: number[]) {
  if (listingIds.length === 0) return []
  return (await listingCards(db, { listingIds })).rows
}
