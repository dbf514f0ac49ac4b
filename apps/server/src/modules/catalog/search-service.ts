import type { ListingPage, ProductListQuery } from '@bazaar/contract/catalog'
import { z } from 'zod'
import type { Db } from '../../db/database.ts'
import { AppError } from '../../platform/errors.ts'
import { toListingCards } from './listing-cards.ts'
import * as search from './search-repo.ts'

/** Products fetched per listing statement while filling a page. */
const productsPerChunk = 16

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
 * The matching products of a search in relevance order: products whose words match (best
 * weighted field match / ts_rank first, then newest), then products whose names only contain
 * the terms inside a word ('phone' in 'iPhone'), in id order. Each index offers at most
 * `candidateCap`, so the work is bounded whatever the catalogue's size (BENCH G3s).
 */
export async function rankedProductIds(db: Db, terms: string[], scope: search.CategoryScope): Promise<number[]> {
  const words = await search.findWordMatches(db.kysely, db.dialect, terms, scope)
  words.sort((a, b) => a.rank - b.rank || b.id - a.id)
  const seen = new Set(words.map((w) => w.id))
  const inside = (await search.findSubstringMatches(db.kysely, db.dialect, terms, scope)).filter((id) => !seen.has(id))
  return [...words.map((w) => w.id), ...inside]
}

/**
 * A page of keyword search in relevance order (SPEC §2 search, the default 'recommend'
 * sort): listings of the ranked products, each product's listings by recommend score, paged
 * by a cursor on (product, score, listing) that new listings never shift.
 * @throws 'Invalid cursor' when the cursor is malformed or its product no longer matches
 */
export async function searchByRelevance(
  db: Db,
  query: ProductListQuery,
  terms: string[],
  scope: search.CategoryScope,
): Promise<ListingPage> {
  const ranked = await rankedProductIds(db, terms, scope)
  const after = query.cursor === undefined ? undefined : decodeRelevanceCursor(query.cursor)
  let start = 0
  if (after) {
    start = ranked.indexOf(after.productId)
    if (start < 0) throw new AppError('Invalid cursor')
  }
  const rank = new Map(ranked.map((id, i) => [id, i]))
  const rows: Awaited<ReturnType<typeof search.findListingsOfProducts>> = []
  for (let i = start; i < ranked.length && rows.length <= query.limit; i += productsPerChunk) {
    const chunk = ranked.slice(i, i + productsPerChunk)
    const found = await search.findListingsOfProducts(db.kysely, chunk, { min: query.minPriceCents, max: query.maxPriceCents })
    found.sort(
      (a, b) => (rank.get(a.product_id) ?? 0) - (rank.get(b.product_id) ?? 0) || b.recommend_score - a.recommend_score || b.id - a.id,
    )
    for (const row of found) {
      if (
        after &&
        row.product_id === after.productId &&
        (row.recommend_score > after.score || (row.recommend_score === after.score && row.id >= after.listingId))
      )
        continue
      rows.push(row)
    }
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
