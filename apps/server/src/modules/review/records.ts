import type { Review, ReviewRecord } from '@bazaar/contract/review'
import type { Trx } from '../../db/database.ts'
import { userSummaries } from '../auth/service.ts'
import { imageSizes, shopNames } from '../catalog/service.ts'
import * as repo from './repo.ts'

/**
 * Review rows mapped to the API's shapes: `Review` as everyone sees it under a product,
 * `ReviewRecord` for its author, its shop and operators.
 */

/** A review row as the repo's queries return it. */
type Row = Awaited<ReturnType<typeof repo.findReviews>>[number]

/** A nickname as the public sees it under a product: first and last character ('m***a'). */
export function maskName(name: string): string {
  const chars = [...name.trim()]
  if (chars.length === 0) return '***'
  return chars.length <= 2 ? `${chars[0]}***` : `${chars[0]}***${chars.at(-1)}`
}

/** The photos of `rows`' reviews, by review id. */
async function photosOf(trx: Trx, rows: Row[]) {
  const photos = await repo.findPhotos(
    trx,
    rows.map((r) => r.id),
  )
  return (reviewId: number) =>
    photos.filter((p) => p.review_id === reviewId).map((p) => ({ id: p.upload_id, width: p.width, height: p.height }))
}

/** Reviews as everyone sees them: masked author names, photos, the reply. */
export async function toReviews(trx: Trx, rows: Row[]): Promise<Review[]> {
  const [photos, users] = await Promise.all([
    photosOf(trx, rows),
    userSummaries(
      trx,
      rows.map((r) => r.user_id),
    ),
  ])
  return rows.map((r) => ({
    id: r.id,
    rating: r.rating,
    comment: r.comment,
    authorName: maskName(users.get(r.user_id)?.nickname ?? ''),
    options: JSON.parse(r.options_json) as Record<string, string>,
    photos: photos(r.id),
    createdAtMs: r.created_at_ms,
    editedAtMs: r.edited_at_ms,
    reply: r.reply !== null && r.replied_at_ms !== null ? { text: r.reply, atMs: r.replied_at_ms } : null,
  }))
}

/** Reviews with what they are about and their hidden state (author, shop, operators): full nicknames. */
export async function toRecords(trx: Trx, rows: Row[]): Promise<ReviewRecord[]> {
  const [reviews, users, shops, images] = await Promise.all([
    toReviews(trx, rows),
    userSummaries(
      trx,
      rows.map((r) => r.user_id),
    ),
    shopNames(
      trx,
      rows.map((r) => r.shop_id),
    ),
    imageSizes(
      trx,
      rows.flatMap((r) => (r.image_id === null ? [] : [r.image_id])),
    ),
  ])
  return rows.map((r, i) => {
    const size = r.image_id === null ? undefined : images.get(r.image_id)
    return {
      ...reviews[i]!,
      authorName: users.get(r.user_id)?.nickname ?? '',
      orderId: r.order_id,
      lineId: r.order_line_id,
      listingId: r.listing_id,
      title: r.title,
      image: r.image_id !== null && size ? { id: r.image_id, ...size } : null,
      shop: { id: r.shop_id, name: shops.get(r.shop_id)?.name ?? '' },
      userId: r.user_id,
      hiddenAtMs: r.hidden_at_ms,
      hiddenReason: r.hidden_reason,
    }
  })
}

/** One row as a `ReviewRecord`. */
export async function recordOf(trx: Trx, row: Row): Promise<ReviewRecord> {
  return (await toRecords(trx, [row]))[0]!
}
