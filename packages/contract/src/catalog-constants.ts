/**
 * The catalogue's plain values (no zod), for browser bundles: importing catalog.ts runs every
 * zod schema it defines, which pulls zod (~25 KB gzip) into the buyer app's first chunk (BENCH
 * B1). These equal catalog.ts's exports of the same names; apps/shop's
 * contract-constants.test.ts checks that they stay equal.
 */

/** Widths (px) in which product photos are served as WebP. */
export const imageWidths = [160, 320, 480, 800] as const
export type ImageWidth = (typeof imageWidths)[number]

/** URL of an image at one of `imageWidths`, relative to the API origin. */
export function imageUrl(imageId: number, width: ImageWidth): string {
  return `/media/${imageId}/${width}.webp`
}

/** Sort orders of the product list (SPEC §2: recommendation, sales, price). */
export const productSorts = ['recommend', 'sales', 'price_asc', 'price_desc'] as const
export type ProductSort = (typeof productSorts)[number]

export const maxPageSize = 100
export const defaultPageSize = 20

/**
 * Reply codes (ARCHITECTURE.md, Replies), as in envelope.ts: 1 success, 0 failure, 401 not
 * logged in, 406 payment password not set.
 */
export const ReplyCode = { ok: 1, fail: 0, unauthorized: 401, paymentPasswordMissing: 406 } as const
