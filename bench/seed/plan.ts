import { discountedCents } from '@bazaar/contract/money'
import { recommendScore } from '../../apps/server/src/modules/catalog/ranking.ts'
import { createPrng, permutation } from '../lib/prng.ts'
import type { BaseCatalogue, BaseProduct } from './base.ts'
import {
  type BulkWriter,
  imagesTable,
  listingSkusTable,
  listingsTable,
  productsTable,
  shopsTable,
  skusTable,
  usersTable,
} from './tables.ts'

/** Data-set sizes in listings. */
export const benchSizes = { '10k': 10_000, '100k': 100_000, '1m': 1_000_000 } as const
export type BenchSize = keyof typeof benchSizes

export const shopCount = 500
export const buyerCount = 10_000
/** Each catalogue product (real or cloned) is listed by this many shops on average. */
export const listingsPerProduct = 10
/** Share of listings taken off the shelf (lists skip them; detail answers 404). */
export const offShelfShare = 0.02

/**
 * Bench users never log in, and argon2id-hashing 10,500 passwords would take minutes, so
 * they share this placeholder. It is not a PHC string: no password verifies against it.
 */
export const benchPasswordHash = 'bench-placeholder-not-a-hash'

const baseTimeMs = Date.UTC(2025, 0, 1)
const batchRows = 10_000
const seedOf = (size: BenchSize) => 0xba2aa2 ^ benchSizes[size]

/** What the plan wrote, for the template's meta file (request pools of http.ts). */
export interface PlanSummary {
  listings: number
  products: number
  onSaleListingIds: number[]
  /** On-sale listings per category id, leaf and top-level alike. */
  listingsPerCategory: Record<number, number>
}

interface PlannedSku {
  id: number
  listPriceCents: number
  priceCents: number
  discountBasisPoints: number
}
interface PlannedProduct {
  id: number
  categoryId: number
  topCategoryId: number
  ratingHundredths: number | null
  firstImageId: number | null
  skus: PlannedSku[]
}

async function insertAll(writer: BulkWriter, spec: Parameters<BulkWriter['insert']>[0], rows: unknown[][]) {
  for (let i = 0; i < rows.length; i += batchRows) await writer.insert(spec, rows.slice(i, i + batchRows))
}

/**
 * Writes the bench rows after the real catalogue: merchant and buyer users, clones of the
 * catalogue products ("<title> #<n>", same category, price jittered ±15 %, the same
 * `catalogue:` photos), then `size` listings spread over 500 shops (each shop lists
 * distinct products) with their listing_skus, then the shops with their counters.
 * Ids are explicit and start after the catalogue's, so the same size gives the same rows.
 */
export async function writePlan(writer: BulkWriter, base: BaseCatalogue, size: BenchSize): Promise<PlanSummary> {
  const prng = createPrng(seedOf(size))
  const users: unknown[][] = []
  for (let i = 1; i <= shopCount; i++) {
    const n = String(i).padStart(3, '0')
    users.push([i, `merchant-${n}@bench.bazaar.test`, benchPasswordHash, `Bench Merchant ${n}`, 'merchant', baseTimeMs])
  }
  for (let i = 1; i <= buyerCount; i++) {
    const n = String(i).padStart(5, '0')
    users.push([shopCount + i, `buyer-${n}@bench.bazaar.test`, benchPasswordHash, `Bench Buyer ${n}`, 'buyer', baseTimeMs])
  }
  await insertAll(writer, usersTable, users)

  const products = await writeProducts(writer, base, Math.max(base.products.length, benchSizes[size] / listingsPerProduct), prng)
  const { shops, onSaleListingIds, listingsPerCategory } = await writeListings(writer, products, benchSizes[size] / shopCount, prng)
  await insertAll(writer, shopsTable, shops)
  return { listings: benchSizes[size], products: products.length, onSaleListingIds, listingsPerCategory }
}

async function writeProducts(
  writer: BulkWriter,
  base: BaseCatalogue,
  count: number,
  prng: ReturnType<typeof createPrng>,
): Promise<PlannedProduct[]> {
  const planned: PlannedProduct[] = base.products.map((p) => ({
    id: p.id,
    categoryId: p.category_id,
    topCategoryId: p.top_category_id,
    ratingHundredths: p.rating_hundredths,
    firstImageId: p.images[0]?.id ?? null,
    skus: p.skus.map((s) => ({
      id: s.id,
      listPriceCents: s.list_price_cents,
      priceCents: s.price_cents,
      discountBasisPoints: s.discount_basis_points,
    })),
  }))
  let { productId, skuId, imageId } = base.nextIds
  const rows = { products: [] as unknown[][], images: [] as unknown[][], skus: [] as unknown[][] }
  for (let k = base.products.length; k < count; k++) {
    const source = base.products[k % base.products.length] as BaseProduct
    const n = Math.floor(k / base.products.length)
    const id = productId++
    const jitterBasisPoints = prng.int(8_500, 11_500)
    const rating = source.rating_hundredths === null ? null : Math.min(500, Math.max(100, source.rating_hundredths + prng.int(-25, 25)))
    const source_json = JSON.stringify({ bench: true, clonedFrom: source.slug })
    rows.products.push([
      id,
      `${source.slug}-bench-${n}`,
      `${source.title} #${n}`,
      source.description,
      source.brand,
      source.category_id,
      source.top_category_id,
      rating,
      source.attributes_json,
      source.tags,
      source_json,
      baseTimeMs + k * 1000,
    ])
    let firstImageId: number | null = null
    for (const image of source.images) {
      firstImageId ??= imageId
      rows.images.push([imageId++, id, image.position, image.source, image.width, image.height])
    }
    const skus: PlannedSku[] = source.skus.map((s) => {
      const listPriceCents = Math.max(1, Math.round((s.list_price_cents * jitterBasisPoints) / 10_000))
      const sku = {
        id: skuId++,
        listPriceCents,
        priceCents: discountedCents(listPriceCents, s.discount_basis_points),
        discountBasisPoints: s.discount_basis_points,
      }
      rows.skus.push([
        sku.id,
        id,
        `${s.code}-B${n}`,
        s.name,
        s.options_json,
        listPriceCents,
        s.discount_basis_points,
        sku.priceCents,
        s.position,
      ])
      return sku
    })
    planned.push({
      id,
      categoryId: source.category_id,
      topCategoryId: source.top_category_id,
      ratingHundredths: rating,
      firstImageId,
      skus,
    })
  }
  await insertAll(writer, productsTable, rows.products)
  await insertAll(writer, imagesTable, rows.images)
  await insertAll(writer, skusTable, rows.skus)
  return planned
}

async function writeListings(writer: BulkWriter, products: PlannedProduct[], perShop: number, prng: ReturnType<typeof createPrng>) {
  const order = permutation(prng, products.length)
  const shops: unknown[][] = []
  const onSaleListingIds: number[] = []
  const listingsPerCategory: Record<number, number> = {}
  let listingId = 1
  let listings: unknown[][] = []
  let listingSkus: unknown[][] = []
  for (let s = 0; s < shopCount; s++) {
    let onSale = 0
    let sales = 0
    for (let j = 0; j < perShop; j++) {
      // Consecutive slices of one permutation: distinct products within a shop (perShop <= products).
      const product = products[order[(s * perShop + j) % products.length] as number] as PlannedProduct
      const status = prng.chance(offShelfShare) ? 'off_shelf' : 'on_sale'
      const salesCount = Math.floor(Math.exp(prng.next() * Math.log(5_001))) - 1
      const cheapest = product.skus.reduce((a, b) => (b.priceCents < a.priceCents ? b : a))
      const score = recommendScore(salesCount, product.ratingHundredths, cheapest.discountBasisPoints)
      listings.push([
        listingId,
        s + 1,
        product.id,
        product.categoryId,
        product.topCategoryId,
        status,
        cheapest.priceCents,
        cheapest.listPriceCents,
        cheapest.discountBasisPoints,
        salesCount,
        prng.int(0, 300),
        product.ratingHundredths,
        score,
        product.firstImageId,
        baseTimeMs + listingId * 10,
      ])
      for (const sku of product.skus)
        listingSkus.push([listingId, sku.id, sku.priceCents, sku.listPriceCents, prng.chance(0.05) ? 0 : prng.int(1, 500)])
      if (status === 'on_sale') {
        onSale++
        sales += salesCount
        onSaleListingIds.push(listingId)
        listingsPerCategory[product.categoryId] = (listingsPerCategory[product.categoryId] ?? 0) + 1
        listingsPerCategory[product.topCategoryId] = (listingsPerCategory[product.topCategoryId] ?? 0) + 1
      }
      listingId++
    }
    if (listings.length >= batchRows) {
      await writer.insert(listingsTable, listings)
      await writer.insert(listingSkusTable, listingSkus)
      listings = []
      listingSkus = []
    }
    const n = String(s + 1).padStart(3, '0')
    shops.push([
      s + 1,
      s + 1,
      `Bench Shop ${n}`,
      `Bench shop ${n}: a seeded merchant.`,
      prng.int(1, 5),
      prng.pick([0, 0, 199, 299, 499]),
      onSale,
      sales,
      prng.int(0, 5_000),
      baseTimeMs,
    ])
  }
  if (listings.length > 0) {
    await writer.insert(listingsTable, listings)
    await writer.insert(listingSkusTable, listingSkus)
  }
  return { shops, onSaleListingIds, listingsPerCategory }
}
