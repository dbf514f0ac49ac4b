import type { MerchantListing } from '@bazaar/contract/merchant-listings'
import { creditAllowsPrice, salePriceCents } from '@bazaar/contract/merchant-values'
import type { Trx } from '../../db/database.ts'
import { afterIdOf, nextIdCursor } from '../../platform/cursor.ts'
import { AppError } from '../../platform/errors.ts'
import { imageRef } from '../../platform/image-ref.ts'
import * as repo from './listing-repo.ts'
import { recommendScore } from './ranking.ts'
import * as shops from './shop-repo.ts'

/**
 * A merchant's listings of the platform catalogue (SPEC §2 goods_add, goods_manage; §3 Goods).
 * The rules that come from other modules (the level's ratio, listing count and traffic) are
 * the caller's to pass; the credit price cap is the shop's own (contract `creditRules`).
 * Every function takes the caller's transaction.
 */

/** What a shop's level gives its listings: ratio in basis points, on-sale listing limit, 'recommend' traffic points. */
export interface ListingRules {
  profitRatioBasisPoints: number
  maxListings: number
  trafficPoints: number
}

/** A listing's card fields from its SKUs' sale prices: the cheapest SKU's price, list price and discount (basis points, half up). */
function cardPrice(skus: { priceCents: number; catalogueListCents: number }[]) {
  const cheapest = skus.reduce((a, b) => (b.priceCents < a.priceCents ? b : a))
  const listPriceCents = Math.max(cheapest.catalogueListCents, cheapest.priceCents)
  const discountBasisPoints =
    listPriceCents > cheapest.priceCents
      ? Math.min(9999, Math.floor(((listPriceCents - cheapest.priceCents) * 20_000 + listPriceCents) / (2 * listPriceCents)))
      : 0
  return { priceCents: cheapest.priceCents, listPriceCents, discountBasisPoints }
}

/**
 * Lists a catalogue product in a shop, on sale, with every SKU priced at the level's ratio
 * and `stock` units each (or per SKU code from `stockOf`). The on-sale count is a
 * conditional update of the shop, so concurrent adds never pass the level's limit. A
 * deleted listing of the same product comes back, with the units it sold.
 * @throws 'Product not found' | 'Product already listed' | 'sj_zdsps' (level's listing limit) | 'sj_zdjg' (low credit, a price above the cap) | 'Shop not found'
 */
export async function addListing(
  trx: Trx,
  shopId: number,
  productId: number,
  rules: ListingRules,
  stock: number | ((skuCode: string) => number),
): Promise<number> {
  const shop = await shops.findShopRow(trx, shopId)
  if (!shop) throw new AppError('Shop not found')
  const product = await repo.findProductForListing(trx, productId)
  if (!product) throw new AppError('Product not found')
  const skus = await repo.findSkusOf(trx, [productId])
  if (skus.length === 0) throw new AppError('Product not found')
  const existing = (await repo.findShopListingsOf(trx, shopId, [productId]))[0]
  if (existing && existing.deleted_at_ms === null) throw new AppError('Product already listed')
  const priced = skus.map((k) => ({
    sku: k,
    priceCents: salePriceCents(Number(k.purchase_price_cents), rules.profitRatioBasisPoints),
    catalogueListCents: Number(k.list_price_cents),
  }))
  if (priced.some((p) => !creditAllowsPrice(shop.credit_score, p.priceCents))) throw new AppError('sj_zdjg')
  if (!(await shops.takeListingSlot(trx, shopId, rules.maxListings))) throw new AppError('sj_zdsps')
  const card = cardPrice(priced)
  const columns = {
    category_id: product.category_id,
    top_category_id: product.top_category_id,
    status: 'on_sale',
    price_cents: card.priceCents,
    list_price_cents: card.listPriceCents,
    discount_basis_points: card.discountBasisPoints,
    rating_hundredths: product.rating_hundredths,
    // A listing that comes back keeps the units it sold (the shop's sales are the sum of its listings').
    recommend_score: recommendScore(existing?.sales_count ?? 0, product.rating_hundredths, card.discountBasisPoints) + rules.trafficPoints,
    traffic_points: rules.trafficPoints,
    main_image_id: product.image_id,
    created_at_ms: Date.now(),
  }
  let listingId: number
  if (existing) {
    await repo.reviveListing(trx, existing.id, columns)
    listingId = existing.id
  } else {
    listingId = (await repo.insertListing(trx, { shop_id: shopId, product_id: productId, ...columns })).id
  }
  await repo.replaceListingSkus(
    trx,
    listingId,
    priced.map((p) => ({
      listing_id: listingId,
      sku_id: p.sku.id,
      price_cents: p.priceCents,
      list_price_cents: Math.max(p.catalogueListCents, p.priceCents),
      stock: typeof stock === 'number' ? stock : stock(p.sku.code),
    })),
  )
  return listingId
}

/**
 * Puts a listing on the shelf (within the level's limit) or takes it off.
 * @throws 'Listing not found' | 'sj_zdsps'
 */
export async function setListingOnSale(trx: Trx, shopId: number, listingId: number, onSale: boolean, maxListings: number): Promise<void> {
  const listing = await repo.findShopListing(trx, shopId, listingId)
  if (!listing) throw new AppError('Listing not found')
  if (onSale) {
    if (listing.status === 'on_sale') return
    if (!(await shops.takeListingSlot(trx, shopId, maxListings))) throw new AppError('sj_zdsps')
    if (!(await repo.moveListing(trx, shopId, listingId, 'off_shelf', { status: 'on_sale' }))) throw new AppError('Listing not found')
  } else if (await repo.moveListing(trx, shopId, listingId, 'on_sale', { status: 'off_shelf' })) {
    await shops.releaseListingSlots(trx, shopId, 1)
  }
}

/**
 * Deletes a listing: off the shelf and hidden for good (kept for the orders that name it);
 * listing the product again brings it back.
 * @throws 'Listing not found'
 */
export async function deleteListing(trx: Trx, shopId: number, listingId: number): Promise<void> {
  const listing = await repo.findShopListing(trx, shopId, listingId)
  if (!listing) throw new AppError('Listing not found')
  const nowMs = Date.now()
  if (await repo.moveListing(trx, shopId, listingId, 'on_sale', { status: 'off_shelf', deleted_at_ms: nowMs }))
    await shops.releaseListingSlots(trx, shopId, 1)
  else await repo.moveListing(trx, shopId, listingId, 'off_shelf', { status: 'off_shelf', deleted_at_ms: nowMs })
}

/**
 * Takes on-sale listings above `maxListings` off the shelf (a lower level): those in
 * `keepIds` stay first, then the oldest; the newest others go.
 * @returns the ids taken off
 */
export async function shelveAboveLimit(trx: Trx, shopId: number, maxListings: number, keepIds: number[]): Promise<number[]> {
  const onSale = (await repo.findOnSaleIds(trx, shopId)).map((r) => r.id)
  if (onSale.length <= maxListings) return []
  const keep = new Set(keepIds)
  // Oldest first among the rest, so the newest go first.
  const ranked = [...onSale.filter((id) => keep.has(id)), ...onSale.filter((id) => !keep.has(id)).reverse()]
  const off = ranked.slice(maxListings)
  await repo.shelveListings(trx, shopId, off)
  await shops.releaseListingSlots(trx, shopId, off.length)
  return off
}

/**
 * A page of a shop's listings (not deleted), newest first, each SKU with its sale and
 * purchase price, expected profit and stock.
 * @throws 'Invalid cursor'
 */
export async function merchantListingPage(
  trx: Trx,
  shopId: number,
  query: { status?: 'on_sale' | 'off_shelf'; cursor?: string; limit: number; id?: number },
): Promise<{ items: MerchantListing[]; nextCursor: string | null }> {
  const rows = await repo.findMerchantListingPage(trx, shopId, {
    id: query.id,
    status: query.status,
    beforeId: afterIdOf(query.cursor, 'listings'),
    limit: query.limit,
  })
  const page = rows.slice(0, query.limit)
  const skus = await repo.findListingSkuRows(
    trx,
    page.map((l) => l.id),
  )
  return {
    items: page.map((l) => {
      const mine = skus.filter((k) => k.listing_id === l.id)
      return {
        id: l.id,
        productId: l.product_id,
        title: l.title,
        image: imageRef(l.image_id, l.width, l.height),
        status: l.status === 'on_sale' ? 'on_sale' : 'off_shelf',
        categoryId: l.category_id,
        priceCents: l.price_cents,
        salesCount: l.sales_count,
        stock: mine.reduce((sum, k) => sum + k.stock, 0),
        skus: mine.map((k) => ({
          skuId: k.sku_id,
          name: k.name,
          purchasePriceCents: Number(k.purchase_price_cents),
          salePriceCents: k.price_cents,
          expectedProfitCents: k.price_cents - Number(k.purchase_price_cents),
          stock: k.stock,
        })),
        createdAtMs: Number(l.created_at_ms),
      }
    }),
    nextCursor: nextIdCursor(rows, query.limit, 'listings'),
  }
}

/**
 * One of a shop's listings as its merchant manages it.
 * @throws 'Listing not found'
 */
export async function merchantListing(trx: Trx, shopId: number, listingId: number): Promise<MerchantListing> {
  const found = (await merchantListingPage(trx, shopId, { id: listingId, limit: 1 })).items[0]
  if (!found) throw new AppError('Listing not found')
  return found
}

/**
 * Prices listings again from their SKUs' purchase prices and their shop level's ratio and
 * traffic (after a level change, a purchase price change or a new level table): sale =
 * purchase / (1 − ratio), the card's price and discount follow, the 'recommend' score moves
 * by the traffic points' change.
 * @param rulesByLevel each level's ratio (basis points) and traffic points
 * @returns how many listings were priced again
 */
export async function repriceListings(
  trx: Trx,
  scope: { shopIds?: number[]; skuIds?: number[]; levels?: number[] },
  rulesByLevel: Map<number, { profitRatioBasisPoints: number; trafficPoints: number }>,
): Promise<number> {
  const rows = await repo.findPricedListingSkus(trx, scope)
  const byListing = new Map<number, typeof rows>()
  for (const r of rows) byListing.set(r.listing_id, [...(byListing.get(r.listing_id) ?? []), r])
  for (const [listingId, skuRows] of byListing) {
    const rules = rulesByLevel.get(skuRows[0]!.level)
    if (!rules) continue
    const priced = skuRows.map((r) => ({
      row: r,
      priceCents: salePriceCents(Number(r.purchase_price_cents), rules.profitRatioBasisPoints),
      catalogueListCents: r.catalogue_list_price_cents,
    }))
    for (const p of priced) {
      const listPriceCents = Math.max(p.catalogueListCents, p.priceCents)
      if (p.priceCents !== p.row.price_cents || listPriceCents !== p.row.list_price_cents)
        await repo.setListingSkuPrice(trx, listingId, p.row.sku_id, p.priceCents, listPriceCents)
    }
    await repo.setListingPrice(trx, listingId, { ...cardPrice(priced), trafficPoints: rules.trafficPoints })
  }
  return byListing.size
}
