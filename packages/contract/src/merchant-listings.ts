import { z } from 'zod'
import { ImageRef } from './catalog.ts'
import { keywordsMaxLength } from './catalog-values.ts'
import { pageCursor, pageLimit } from './merchant-fields.ts'
import { listingStatuses, maxListingStock } from './merchant-values.ts'
import { singleLine } from './text.ts'

/** `GET /api/shop/catalogue`: the platform catalogue to list from, by category and keywords. */
export const CatalogueQuery = z
  .object({
    categoryId: z.coerce.number().int().positive().optional(),
    keywords: singleLine().trim().min(1, 'Please enter key words').max(keywordsMaxLength).optional(),
    cursor: pageCursor,
    limit: pageLimit,
  })
  .strict()
export type CatalogueQuery = z.infer<typeof CatalogueQuery>

/** One SKU priced at the shop's ratio: sale = purchase / (1 − ratio); profit = sale − purchase (cents). */
export const PricedSku = z.object({
  skuId: z.number().int(),
  name: z.string(),
  purchasePriceCents: z.number().int(),
  salePriceCents: z.number().int(),
  expectedProfitCents: z.number().int(),
})
/**
 * A catalogue product as a merchant lists it: an item of `GET /api/shop/catalogue`'s pages, and
 * the answer of `GET /api/shop/catalogue/:id` ('Product not found' for an unknown id).
 */
export const CatalogueItem = z.object({
  productId: z.number().int(),
  title: z.string(),
  brand: z.string().nullable(),
  categoryId: z.number().int(),
  image: ImageRef.nullable(),
  /** The shop's profit ratio the prices below use, in basis points. */
  profitRatioBasisPoints: z.number().int(),
  skus: z.array(PricedSku),
  /** The shop's listing of this product, if any (deleted ones do not count). */
  listingId: z.number().int().nullable(),
})
export type CatalogueItem = z.infer<typeof CatalogueItem>
export const CataloguePage = z.object({ items: z.array(CatalogueItem), nextCursor: z.string().nullable() })

/** `POST /api/shop/listings`: list a catalogue product with all its SKUs; `stock` units per SKU. */
export const AddListingBody = z
  .object({
    productId: z.number().int().positive(),
    stock: z.number().int().min(1, 'Invalid parameters').max(maxListingStock, 'Invalid parameters').default(100),
  })
  .strict()
export const ShelfBody = z.object({ onSale: z.boolean() }).strict()
export const ListingQuery = z.object({ status: z.enum(listingStatuses).optional(), cursor: pageCursor, limit: pageLimit }).strict()

/** A listing as its merchant manages it (SPEC §2 goods_manage). */
export const MerchantListing = z.object({
  id: z.number().int(),
  productId: z.number().int(),
  title: z.string(),
  image: ImageRef.nullable(),
  status: z.enum(listingStatuses),
  categoryId: z.number().int(),
  /** Lowest SKU sale price, cents. */
  priceCents: z.number().int(),
  salesCount: z.number().int(),
  stock: z.number().int(),
  skus: z.array(PricedSku.extend({ stock: z.number().int() })),
  createdAtMs: z.number().int(),
})
export type MerchantListing = z.infer<typeof MerchantListing>
export const MerchantListingPage = z.object({ items: z.array(MerchantListing), nextCursor: z.string().nullable() })
