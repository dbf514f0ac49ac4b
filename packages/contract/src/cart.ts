import { z } from 'zod'
import { maxCartLines, maxLineQuantity } from './cart-values.ts'
import { ImageRef } from './catalog.ts'
import { maxPageSize } from './catalog-values.ts'
import { cursorParam } from './text.ts'

const quantity = z.number().int('Invalid parameters').min(1, 'Invalid parameters').max(maxLineQuantity, 'Inventory shortage')

/** A line to add, change or buy: a SKU of a listing and a quantity (SPEC §5: min 1, step 1). */
export const LineInput = z.object({ listingId: z.number().int().positive(), skuId: z.number().int().positive(), quantity }).strict()
export type LineInput = z.infer<typeof LineInput>

export const CartItem = z.object({
  id: z.number().int(),
  listingId: z.number().int(),
  skuId: z.number().int(),
  quantity: z.number().int(),
  selected: z.boolean(),
  title: z.string(),
  skuName: z.string(),
  options: z.record(z.string(), z.string()),
  priceCents: z.number().int(),
  stock: z.number().int(),
  available: z.boolean(),
  image: ImageRef.nullable(),
  shop: z.object({ id: z.number().int(), name: z.string() }),
})
export type CartItem = z.infer<typeof CartItem>

export const Cart = z.object({ items: z.array(CartItem) })
export type Cart = z.infer<typeof Cart>

export const CartUpdateBody = z.object({ quantity: quantity.optional(), selected: z.boolean().optional() }).strict()
export const CartSelectAllBody = z.object({ selected: z.boolean() }).strict()
export const CartIdsBody = z.object({ ids: z.array(z.number().int().positive()).min(1).max(maxCartLines) }).strict()
/** A visitor's device cart, merged into the account's at login (quantities add up, capped by stock). */
export const CartMergeBody = z.object({ items: z.array(LineInput).max(maxCartLines) }).strict()

/** A favourite listing (SPEC §2 collect). */
export const FavouriteItem = z.object({
  listingId: z.number().int(),
  title: z.string(),
  priceCents: z.number().int(),
  image: ImageRef.nullable(),
  shop: z.object({ id: z.number().int(), name: z.string() }),
  createdAtMs: z.number().int(),
})
export type FavouriteItem = z.infer<typeof FavouriteItem>
export const FavouritePage = z.object({ items: z.array(FavouriteItem), nextCursor: z.string().nullable() })
export type FavouritePage = z.infer<typeof FavouritePage>
/** `GET /api/favourites`: a page of favourites, newest first. */
export const FavouriteQuery = z
  .object({ cursor: cursorParam.optional(), limit: z.coerce.number().int().min(1).max(maxPageSize).default(20) })
  .strict()
