import type { ListingCard } from '@bazaar/contract/catalog'
import type { Trx } from '../../db/database.ts'
import { imageRef } from '../../platform/image-ref.ts'
import { reviewFigures } from '../review/summary-service.ts'

/** The columns a product-list row carries (catalog repo and search repo select the same). */
export interface ListingCardRow {
  id: number
  product_id: number
  title: string
  brand: string | null
  price_cents: number
  sales_count: number
  image_id: number | null
  image_width: number | null
  image_height: number | null
  shop_id: number
  shop_name: string
}

/** Cards of a page of listings, with their review figures (one more statement, BENCH G1). */
export async function toListingCards(db: Trx, rows: ListingCardRow[]): Promise<ListingCard[]> {
  const reviews = await reviewFigures(
    db,
    rows.map((r) => r.id),
  )
  return rows.map((r) => ({
    id: r.id,
    productId: r.product_id,
    title: r.title,
    brand: r.brand,
    priceCents: r.price_cents,
    salesCount: r.sales_count,
    reviewAverage: reviews.get(r.id)?.average ?? null,
    reviewCount: reviews.get(r.id)?.count ?? 0,
    image: imageRef(r.image_id, r.image_width, r.image_height),
    shop: { id: r.shop_id, name: r.shop_name },
  }))
}
