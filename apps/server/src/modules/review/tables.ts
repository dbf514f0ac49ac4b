import type { Defaulted, Id } from '../../db/column-types.ts'

/** Tables of the review module: buyers' reviews of order lines, their photos, and per-listing summaries. */
export interface ReviewTables {
  reviews: ReviewsTable
  review_photos: ReviewPhotosTable
  review_summaries: ReviewSummariesTable
}

export interface ReviewsTable {
  id: Id
  /** Unique: one review per order line. */
  order_line_id: number
  order_id: number
  listing_id: number
  shop_id: number
  user_id: number
  /** 1 to 5. */
  rating: number
  /** At most 140 characters; shown as text. */
  comment: string
  /** What was bought (the order line's snapshot): product title, SKU options (JSON), photo. */
  title: string
  options_json: string
  image_id: number | null
  photo_count: Defaulted<number>
  created_at_ms: number
  /** Set by the author's one edit. */
  edited_at_ms: number | null
  /** The shop's one reply. */
  reply: string | null
  replied_at_ms: number | null
  /** Set when an operator hides the review (with the reason its author sees). */
  hidden_at_ms: number | null
  hidden_reason: string | null
  hidden_by_operator_id: number | null
}

export interface ReviewPhotosTable {
  review_id: number
  position: number
  /** An upload of purpose `review_photo`, used by one review only. */
  upload_id: number
  width: number
  height: number
}

/** Visible reviews of a listing, summed: written in the same transaction as each review change. */
export interface ReviewSummariesTable {
  listing_id: number
  review_count: Defaulted<number>
  rating_sum: Defaulted<number>
  stars_1: Defaulted<number>
  stars_2: Defaulted<number>
  stars_3: Defaulted<number>
  stars_4: Defaulted<number>
  stars_5: Defaulted<number>
  with_photos: Defaulted<number>
}
