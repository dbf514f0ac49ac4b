import { z } from 'zod'
import { defaultPageSize, keywordsMaxLength, maxPageSize, maxPriceFilterCents, productSorts } from './catalog-values.ts'
import { ReviewSummary } from './review.ts'
import { cursorParam, singleLine } from './text.ts'

/**
 * A stored image: `width` and `height` are the original's pixels, so a client can reserve
 * the box (aspect ratio) before it loads and the page does not jump.
 */
export const ImageRef = z.object({
  id: z.number().int(),
  width: z.number().int(),
  height: z.number().int(),
})
export type ImageRef = z.infer<typeof ImageRef>

/** A category of the two-level tree (SPEC §2 classify). `slug` keys its translated name. */
export const Category = z.object({
  id: z.number().int(),
  slug: z.string(),
  name: z.string(),
  parentId: z.number().int().nullable(),
  level: z.union([z.literal(1), z.literal(2)]),
  image: ImageRef.nullable(),
  productCount: z.number().int(),
})
export type Category = z.infer<typeof Category>

export const CategoryNode = Category.extend({ children: z.array(Category) })
export type CategoryNode = z.infer<typeof CategoryNode>

export const CategoryTree = z.object({ items: z.array(CategoryNode) })
export type CategoryTree = z.infer<typeof CategoryTree>

/** Sort orders of the product list (SPEC §2: recommendation, sales, price). */
export const ProductSort = z.enum(productSorts)
export type ProductSort = z.infer<typeof ProductSort>

const cents = z.coerce.number().int('Invalid parameters').min(0, 'Invalid parameters').max(maxPriceFilterCents, 'Invalid parameters')

/**
 * Query of `GET /api/products`. Prices are integer cents. `keywords`, when present, must
 * hold a word ('Please enter key words'); `limit` is 1 to 100 ('Page size must be 1 to 100');
 * a min above the max is 'Minimum price is above maximum price'; `cursor` is the opaque
 * `nextCursor` of the previous page ('Invalid cursor').
 */
export const ProductListQuery = z
  .object({
    categoryId: z.coerce.number().int().positive().optional(),
    shopId: z.coerce.number().int().positive().optional(),
    minPriceCents: cents.optional(),
    maxPriceCents: cents.optional(),
    keywords: singleLine().max(keywordsMaxLength).optional(),
    sort: ProductSort.default('recommend'),
    cursor: cursorParam.optional(),
    limit: z.coerce
      .number()
      .int('Page size must be 1 to 100')
      .min(1, 'Page size must be 1 to 100')
      .max(maxPageSize, 'Page size must be 1 to 100')
      .default(defaultPageSize),
  })
  .strict()
  .refine((q) => q.minPriceCents === undefined || q.maxPriceCents === undefined || q.minPriceCents <= q.maxPriceCents, {
    message: 'Minimum price is above maximum price',
    path: ['minPriceCents'],
  })
  .refine((q) => q.keywords === undefined || q.keywords.trim().length > 0, {
    message: 'Please enter key words',
    path: ['keywords'],
  })
export type ProductListQuery = z.infer<typeof ProductListQuery>

export const ShopRef = z.object({ id: z.number().int(), name: z.string() })

/**
 * One card of a product list: a shop's listing of a catalogue product. `priceCents` is what a
 * buyer pays (Bazaar has no sale prices: no 'was' price, no '% off'); `reviewAverage` and
 * `reviewCount` come only from Bazaar buyers' visible reviews (null and 0 before the first).
 */
export const ListingCard = z.object({
  id: z.number().int(),
  productId: z.number().int(),
  title: z.string(),
  brand: z.string().nullable(),
  priceCents: z.number().int(),
  salesCount: z.number().int(),
  reviewAverage: z.number().nullable(),
  reviewCount: z.number().int(),
  image: ImageRef.nullable(),
  shop: ShopRef,
})
export type ListingCard = z.infer<typeof ListingCard>

/** A page of a cursor-paginated list; `nextCursor` is null on the last page. */
export function pageOf<T extends z.ZodType>(item: T) {
  return z.object({ items: z.array(item), nextCursor: z.string().nullable() })
}
export const ListingPage = pageOf(ListingCard)
export type ListingPage = z.infer<typeof ListingPage>

/** A SKU as a shop sells it: its options (size, shoe size…), price and stock. */
export const ListingSku = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  options: z.record(z.string(), z.string()),
  priceCents: z.number().int(),
  stock: z.number().int(),
})
export type ListingSku = z.infer<typeof ListingSku>

/** A shop's header figures; `followers` counts users who follow it on Bazaar. */
export const ShopSummary = z.object({
  id: z.number().int(),
  name: z.string(),
  bio: z.string(),
  level: z.number().int(),
  listingCount: z.number().int(),
  salesCount: z.number().int(),
  followers: z.number().int(),
  createdAtMs: z.number().int(),
  /** One of the platform's demo shops (seeded, not a real merchant): screens mark it. */
  isDemo: z.boolean(),
  /** The shop shows a logo at `GET /api/shops/:id/logo`. */
  hasLogo: z.boolean(),
})
export type ShopSummary = z.infer<typeof ShopSummary>

/**
 * Product detail (SPEC §3 Product, buyer view). `reviewSummary` counts only Bazaar buyers'
 * visible reviews (average null before the first: the page says 'No reviews yet'; the
 * reviews themselves come from `GET /api/products/:id/reviews`); the imported dataset's
 * rating and list price are never shown. `followers` are the users who saved it to favourites. `specification` lists each option name with its values (from the SKUs); `attributes`
 * are the catalogue's facts (material, flavour). `freightCents` is this shop's shipping,
 * `shipCountries` where it delivers.
 */
export const ProductDetail = z.object({
  id: z.number().int(),
  productId: z.number().int(),
  title: z.string(),
  description: z.string(),
  brand: z.string().nullable(),
  category: z.object({ id: z.number().int(), slug: z.string(), name: z.string() }),
  priceCents: z.number().int(),
  salesCount: z.number().int(),
  stock: z.number().int(),
  followers: z.number().int(),
  freightCents: z.number().int(),
  /** ISO 3166-1 codes of the countries the shop delivers to, sorted; empty: every country (checkout refuses others, 'no_order'). */
  shipCountries: z.array(z.string()),
  reviewSummary: ReviewSummary,
  images: z.array(ImageRef),
  attributes: z.record(z.string(), z.string()),
  specification: z.array(z.object({ name: z.string(), values: z.array(z.string()) })),
  skus: z.array(ListingSku),
  shop: ShopSummary,
})
export type ProductDetail = z.infer<typeof ProductDetail>

export const IdParam = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) })

export const ShopListQuery = z
  .object({
    cursor: cursorParam.optional(),
    limit: z.coerce
      .number()
      .int('Page size must be 1 to 100')
      .min(1, 'Page size must be 1 to 100')
      .max(maxPageSize, 'Page size must be 1 to 100')
      .default(defaultPageSize),
  })
  .strict()
export type ShopListQuery = z.infer<typeof ShopListQuery>

export const ShopPage = pageOf(ShopSummary)
export type ShopPage = z.infer<typeof ShopPage>
