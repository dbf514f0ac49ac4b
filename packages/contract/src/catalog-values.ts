/**
 * The catalogue's plain values (no zod): catalog.ts builds its schemas from them, and browser
 * bundles import them from here. Importing catalog.ts would run every zod schema it defines
 * and pull zod (~25 KB gzip) into the shop's first chunk (BENCH B1).
 */

/**
 * Widths (px) in which product photos are served as WebP (made on first request, then cached).
 * 400 is for a two-column card on a phone: 189 CSS px at DPR 1.75 (Lighthouse's phone) or
 * 178 px at DPR 2 (a 390 px iPhone) need 331–356 px, and without it the browser took 480,
 * 30–50 % more bytes than shown.
 */
export const imageWidths = [160, 320, 400, 480, 800] as const
export type ImageWidth = (typeof imageWidths)[number]

/** URL of an image at one of `imageWidths`, relative to the API origin. */
export function imageUrl(imageId: number, width: ImageWidth): string {
  return `/media/${imageId}/${width}.webp`
}

/** Sort orders of the product list (SPEC §2: recommendation, sales, price). */
export const productSorts = ['recommend', 'sales', 'price_asc', 'price_desc'] as const
export type ProductSort = (typeof productSorts)[number]

/** Page sizes of every cursor-paginated list ('Page size must be 1 to 100'). */
export const maxPageSize = 100
export const defaultPageSize = 20

/** Largest price bound of the product filter, in cents (10 million dollars). */
export const maxPriceFilterCents = 1_000_000_000
/** Longest search text, in characters. */
export const keywordsMaxLength = 100
