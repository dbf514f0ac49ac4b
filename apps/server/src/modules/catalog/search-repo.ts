import { sql } from 'kysely'
import type { DialectName, Trx } from '../../db/database.ts'
import { preparedStatement } from '../../db/prepared.ts'
import type { ListingCardRow } from './listing-cards.ts'

/**
 * How many matching products each index offers a search at most: the first ones in id order,
 * which FTS5 streams and stops early (in descending order it reads a term's whole doclist
 * first: 7 ms instead of 2 ms a word at 1M listings). This bounds a search's work, so a
 * common word costs about the same at 10k and 1M listings; ranking is exact among them. 50
 * (it was 200): ranking each candidate reads its product's row, and 200 of them at 1M
 * listings cost what the rest of the search did, where a word matches about 30 products at 10k
 * (BENCH G3s flatness); 50 products are about 500 listings, 25 pages.
 */
export const candidateCap = 50

/** A product that matches a search: its id and its relevance (smaller ranks first). */
export interface Candidate {
  id: number
  rank: number
}

/** The category scope of a search, on the product's own category columns. */
export type CategoryScope = { column: 'category_id' | 'top_category_id'; value: number } | undefined

/** The longest prefix the SQLite word index keeps (migration 012: `prefix='2 3'`). */
const longestIndexedPrefix = 3

/**
 * Products whose words match every term (the last one also as a word prefix: the word being
 * typed), with their relevance, smaller first: on SQLite minus the weights of the fields each
 * term is found in (title 8, brand 4, tags 2, description 1), on PostgreSQL minus ts_rank over
 * the vector weighted the same way (A–D).
 * At most `candidateCap`, in id order. Terms are letters and digits only (searchTerms).
 * A prefix longer than the index's prefixes makes the database merge the whole match lists of
 * every word that starts with it (3 ms for 'women' at 1M listings, against 0.15 ms for the
 * word itself), so the whole words are asked first, and the prefix only when they do not fill
 * the cap: then the words alone are too few for that to cost much (BENCH G3s flatness).
 */
export async function findWordMatches(db: Trx, dialect: DialectName, terms: string[], scope: CategoryScope): Promise<Candidate[]> {
  const last = terms.at(-1) ?? ''
  if (last.length > longestIndexedPrefix) {
    const whole = await wordMatches(db, dialect, terms, scope, false)
    if (whole.length >= candidateCap) return whole
  }
  return wordMatches(db, dialect, terms, scope, true)
}

async function wordMatches(
  db: Trx,
  dialect: DialectName,
  terms: string[],
  scope: CategoryScope,
  lastAsPrefix: boolean,
): Promise<Candidate[]> {
  const scopeSql = scope ? sql`and p.${sql.ref(scope.column)} = ${scope.value}` : sql``
  const isPrefix = (i: number) => lastAsPrefix && i === terms.length - 1
  if (dialect === 'postgres') {
    const query = terms.map((t, i) => (isPrefix(i) ? `${t}:*` : t)).join(' & ')
    const { rows } = await sql<Candidate>`select p.id, -ts_rank(p.search_vector, q) as rank
      from products p, to_tsquery('simple', ${query}) q
      where p.search_vector @@ q ${scopeSql}
      order by p.id limit ${candidateCap}`.execute(db)
    return rows.map((r) => ({ id: Number(r.id), rank: Number(r.rank) }))
  }
  const match = terms.map((t, i) => (isPrefix(i) ? `"${t}" *` : `"${t}"`)).join(' ')
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

/** A listing of a relevance page: its card's columns and its recommend score (its place after its product's rank). */
export type RelevanceRow = ListingCardRow & { recommend_score: number }

/** What decides a relevance page statement's text (its values are bound). */
interface RelevanceShape {
  products: number
  perProduct: number
  minPrice: boolean
  maxPrice: boolean
  /** Which product's walk starts after a position (-1: none). */
  afterIndex: number
}

/** The bound values of a relevance statement: those its shape uses. */
type RelevanceValues = { productIds: readonly number[] } & Partial<Record<'minPrice' | 'maxPrice' | 'afterScore' | 'afterId', number>>

const relevanceStatements = new Map<string, ReturnType<typeof relevanceStatement>>()

function relevanceStatement(shape: RelevanceShape) {
  return preparedStatement((db, p: RelevanceValues) => {
    const priceSql = sql`${shape.minPrice ? sql`and l.price_cents >= ${p.minPrice}` : sql``} ${shape.maxPrice ? sql`and l.price_cents <= ${p.maxPrice}` : sql``}`
    const walks = Array.from({ length: shape.products }, (_, i) => {
      const afterSql =
        i === shape.afterIndex
          ? sql`and (l.recommend_score < ${p.afterScore} or (l.recommend_score = ${p.afterScore} and l.id < ${p.afterId}))`
          : sql``
      // The walk over (product, status, score, id) stops at the page's need; the card's
      // columns are joined for those rows only.
      return sql`select * from (select l.id, l.product_id, p.title, p.brand, l.price_cents, l.sales_count, l.recommend_score,
          i.id as image_id, i.width as image_width, i.height as image_height, l.shop_id, s.name as shop_name
        from listings l join shops s on s.id = l.shop_id join products p on p.id = l.product_id
        left join product_images i on i.id = l.main_image_id
        where l.product_id = ${p.productIds[i]} and l.status = 'on_sale' and s.status = 'active' ${priceSql} ${afterSql}
        order by l.recommend_score desc, l.id desc limit ${sql.lit(shape.perProduct)}) w${sql.raw(String(i))}`
    })
    const text = sql<RelevanceRow>`${sql.join(walks, sql` union all `)}`
    return { compile: () => text.compile(db) }
  })
}

/**
 * Each product's best on-sale listings (of active shops) with their card's columns, at most
 * `perProduct` of each, by recommend score then id, descending; for `after.productId` only
 * those after `after`. One statement: a union of one bounded walk per product over
 * (product, status, score, id), so a product with a thousand listings costs no more than the
 * page needs (BENCH G3s); compiled once per shape (number of products, rows per product,
 * price bounds, cursor), then run with each search's values.
 */
export async function findRelevanceRows(
  db: Trx,
  productIds: number[],
  perProduct: number,
  price: { min: number | undefined; max: number | undefined },
  after: ({ productId: number } & ListingPosition) | undefined,
): Promise<RelevanceRow[]> {
  if (productIds.length === 0) return []
  if (!Number.isSafeInteger(perProduct) || perProduct < 1) throw new RangeError(`perProduct ${perProduct}`)
  const shape: RelevanceShape = {
    products: productIds.length,
    perProduct,
    minPrice: price.min !== undefined,
    maxPrice: price.max !== undefined,
    afterIndex: after ? productIds.indexOf(after.productId) : -1,
  }
  const key = JSON.stringify(shape)
  let statement = relevanceStatements.get(key)
  if (!statement) {
    statement = relevanceStatement(shape)
    // Bounded: a page asks for 4, 16, 64… products and at most a page of rows each.
    if (relevanceStatements.size < 512) relevanceStatements.set(key, statement)
  }
  const { rows } = await statement(db, {
    productIds,
    ...(price.min === undefined ? {} : { minPrice: price.min }),
    ...(price.max === undefined ? {} : { maxPrice: price.max }),
    ...(after && shape.afterIndex >= 0 ? { afterScore: after.score, afterId: after.listingId } : {}),
  })
  return rows
}
