import type { ListingPage, ProductListQuery } from '@bazaar/contract/catalog'
import { z } from 'zod'
import type { Db } from '../../db/database.ts'
import { AppError } from '../../platform/errors.ts'
import { toListingCards } from './listing-cards.ts'
import * as search from './search-repo.ts'

const RelevanceCursor = z.tuple([z.literal('relevance'), z.number().int(), z.number().int(), z.number().int()])

/** Where a relevance page ends: the product, and its last listing's recommend score and id. */
interface RelevancePosition {
  productId: number
  score: number
  listingId: number
}

function encodeRelevanceCursor(p: RelevancePosition): string {
  return Buffer.from(JSON.stringify(['relevance', p.productId, p.score, p.listingId])).toString('base64url')
}

function decodeRelevanceCursor(cursor: string): RelevancePosition {
  try {
    const [, productId, score, listingId] = RelevanceCursor.parse(JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')))
    return { productId, score, listingId }
  } catch {
    throw new AppError('Invalid cursor')
  }
}

/**
 * The matching products of a search in relevance order, read as far as a page needs them:
 * first products whose words match (best weighted field match / ts_rank first, then newest),
 * then, only when a page goes past those, products whose names contain the terms inside a
 * word ('phone' in 'iPhone'), in id order. Each index offers at most `candidateCap`, so the
 * work is bounded whatever the catalogue's size (BENCH G3s).
 */
class RankedProducts {
  ids: number[] = []
  #wordIds = new Set<number>()
  #complete = false

  private constructor(
    private readonly db: Db,
    private readonly terms: string[],
    private readonly scope: search.CategoryScope,
  ) {}

  /** The word matches, ranked. */
  static async start(db: Db, terms: string[], scope: search.CategoryScope): Promise<RankedProducts> {
    const ranked = new RankedProducts(db, terms, scope)
    const words = await search.findWordMatches(db.kysely, db.dialect, terms, scope)
    words.sort((a, b) => a.rank - b.rank || b.id - a.id)
    ranked.ids = words.map((w) => w.id)
    ranked.#wordIds = new Set(ranked.ids)
    return ranked
  }

  /** Appends the name-substring matches that are not word matches already (once). */
  async complete(): Promise<void> {
    if (this.#complete) return
    this.#complete = true
    const inside = await search.findSubstringMatches(this.db.kysely, this.db.dialect, this.terms, this.scope)
    this.ids.push(...inside.filter((id) => !this.#wordIds.has(id)))
  }
}

/** Every matching product of a search, in relevance order (for the other sorts, which page by their own keys). */
export async function rankedProductIds(db: Db, terms: string[], scope: search.CategoryScope): Promise<number[]> {
  const ranked = await RankedProducts.start(db, terms, scope)
  await ranked.complete()
  return ranked.ids
}

/** Products asked for in the first listing statement of a page; each next statement asks for four times more. */
const firstProductsPerStatement = 4

/**
 * A page of keyword search in relevance order (SPEC §2 search, the default 'recommend'
 * sort): listings of the ranked products, each product's listings by recommend score, paged
 * by a cursor on (product, score, listing) that new listings never shift. Reads no more of a
 * product's listings than the page still needs, with their cards' fields in the same
 * statement (there was one more for the cards), then the page's review figures.
 * @throws 'Invalid cursor' when the cursor is malformed or its product no longer matches
 */
export async function searchByRelevance(
  db: Db,
  query: ProductListQuery,
  terms: string[],
  scope: search.CategoryScope,
): Promise<ListingPage> {
  const ranked = await RankedProducts.start(db, terms, scope)
  const after = query.cursor === undefined ? undefined : decodeRelevanceCursor(query.cursor)
  let start = 0
  if (after) {
    if (!ranked.ids.includes(after.productId)) await ranked.complete()
    start = ranked.ids.indexOf(after.productId)
    if (start < 0) throw new AppError('Invalid cursor')
  }
  const price = { min: query.minPriceCents, max: query.maxPriceCents }
  const rows: search.RelevanceRow[] = []
  for (let i = start, count = firstProductsPerStatement; rows.length <= query.limit; i += count, count *= 4) {
    if (i + count > ranked.ids.length) await ranked.complete()
    if (i >= ranked.ids.length) break
    const products = ranked.ids.slice(i, i + count)
    const place = new Map(products.map((id, n) => [id, n]))
    const found = await search.findRelevanceRows(db.kysely, products, query.limit + 1 - rows.length, price, after)
    found.sort(
      (a, b) => (place.get(a.product_id) ?? 0) - (place.get(b.product_id) ?? 0) || b.recommend_score - a.recommend_score || b.id - a.id,
    )
    rows.push(...found)
  }
  const page = rows.slice(0, query.limit)
  const last = page.at(-1)
  return {
    items: await toListingCards(db.kysely, page),
    nextCursor:
      rows.length > query.limit && last
        ? encodeRelevanceCursor({ productId: last.product_id, score: last.recommend_score, listingId: last.id })
        : null,
  }
}
