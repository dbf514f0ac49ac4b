import { ListingPage, ProductDetail } from '@bazaar/contract/catalog'
import type { Page } from '@playwright/test'
import { api } from './api'

/** The seed catalogue as tests need it: real listings, read through the API the shop uses. */

/** A listing to buy: its id, a SKU with stock, and its title. */
export type Buyable = { listingId: number; skuId: number; title: string }

/** The listing and shop ids of the best-selling product. */
export async function firstListing(): Promise<{ listingId: number; shopId: number }> {
  const { items } = await api.get('/api/products?limit=1&sort=sales', ListingPage)
  const item = items[0]
  if (!item) throw new Error('the catalogue has no listing')
  return { listingId: item.id, shopId: item.shop.id }
}

/**
 * A listing of `shopId` with a SKU of at least 5 in stock, cheapest first.
 * @param skip how many such listings to pass over (for a second, different one)
 */
export async function listingOf(shopId: number, skip = 0): Promise<Buyable> {
  const { items } = await api.get(`/api/products?shopId=${shopId}&limit=20&sort=price_asc`, ListingPage)
  let skipped = 0
  for (const item of items) {
    const detail = await api.get(`/api/products/${item.id}`, ProductDetail)
    const sku = detail.skus.find((s) => s.stock >= 5)
    if (!sku) continue
    if (skipped++ < skip) continue
    return { listingId: detail.id, skuId: sku.id, title: detail.title }
  }
  throw new Error(`shop ${shopId} has nothing in stock`)
}

/** A listing of `shopId` whose product has options (sizes) and a SKU in stock, as the goods page shows it. */
export async function listingWithOptions(shopId: number): Promise<{ listing: ProductDetail; item: Buyable }> {
  const { items } = await api.get(`/api/products?shopId=${shopId}&limit=100`, ListingPage)
  for (const item of items) {
    const listing = await api.get(`/api/products/${item.id}`, ProductDetail)
    const sku = listing.skus.find((s) => s.stock > 0 && Object.keys(s.options).length > 0)
    if (sku) return { listing, item: { listingId: listing.id, skuId: sku.id, title: listing.title } }
  }
  throw new Error(`shop ${shopId} has no product with options in stock`)
}

/** Prices (integer cents) of the product cards on screen, in order. */
export async function cardPrices(page: Page): Promise<number[]> {
  return page
    .getByTestId('product-card')
    .evaluateAll((cards) => cards.map((card) => Number(card.querySelector('[data-cents]')?.getAttribute('data-cents'))))
}
