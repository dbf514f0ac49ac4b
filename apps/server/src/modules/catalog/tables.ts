import type { Defaulted, Id } from '../../db/column-types.ts'

/** Tables of the catalog module: the platform catalogue, shops, their listings and stock. */
export interface CatalogTables {
  categories: CategoriesTable
  products: ProductsTable
  product_images: ProductImagesTable
  skus: SkusTable
  shops: ShopsTable
  listings: ListingsTable
  listing_skus: ListingSkusTable
  shop_visits: ShopVisitsTable
}

export interface CategoriesTable {
  id: Id
  slug: string
  name: string
  parent_id: number | null
  level: number
  sort_order: number
  image_id: number | null
}

export interface ProductsTable {
  id: Id
  slug: string
  title: string
  description: string
  brand: string | null
  category_id: number
  top_category_id: number
  rating_hundredths: number | null
  /** JSON object of specification facts (material, flavour). */
  attributes_json: string
  /** Space-separated tags, searched with the title, brand and description. */
  tags: string
  /** JSON of the dataset's `source` (repository, commit, licence). */
  source_json: string
  created_at_ms: number
}

export interface ProductImagesTable {
  id: Id
  product_id: number
  position: number
  /** Storage reference: `catalogue:images/<slug>/1.jpg` or `uploads:<name>`. */
  source: string
  width: number
  height: number
}

export interface SkusTable {
  id: Id
  product_id: number
  code: string
  name: string
  /** JSON object of options, e.g. {"size":"M"}; {} for a product without variants. */
  options_json: string
  list_price_cents: number
  discount_basis_points: number
  price_cents: number
  position: number
  /** What a merchant pays the platform for one unit (operators keep it; merchant issue). */
  purchase_price_cents: Defaulted<number>
}

export interface ShopsTable {
  id: Id
  owner_user_id: number
  name: string
  bio: string
  level: Defaulted<number>
  freight_cents: Defaulted<number>
  listing_count: Defaulted<number>
  sales_count: Defaulted<number>
  /** Users following the shop (favourite module's follows, counted in the same transaction). */
  followers: Defaulted<number>
  created_at_ms: number
  /** An upload of purpose 'shop_logo', served publicly at /api/shops/:id/logo. */
  logo_upload_id: number | null
  /** See contract `creditRules`: 0..100, a new shop starts at 60. */
  credit_score: Defaulted<number>
  /** 'active' | 'locked' (a locked shop sells nothing and its merchant routes refuse). */
  status: Defaulted<'active' | 'locked'>
  /** 1 for the platform's demo shops (seeded through the application path). */
  is_demo: Defaulted<number>
  /** JSON array of ISO 3166-1 alpha-2 codes the shop delivers to; [] = everywhere. */
  ship_countries_json: Defaulted<string>
}

export interface ListingsTable {
  id: Id
  shop_id: number
  product_id: number
  /** Leaf category, copied from the product so lists filter and sort from one index. */
  category_id: number
  top_category_id: number
  /** 'on_sale' | 'off_shelf'. */
  status: string
  /** Lowest SKU price of this listing (what lists sort and filter by). */
  price_cents: number
  /** The dataset's list price and discount: kept for the ranking, never shown as a sale. */
  list_price_cents: number
  discount_basis_points: number
  sales_count: Defaulted<number>
  /** Users who saved it to favourites. */
  followers: Defaulted<number>
  /** The dataset's rating (ranking only): never shown as stars; Bazaar's come from the review module. */
  rating_hundredths: number | null
  /** See catalog/service `recommendScore`. */
  recommend_score: number
  main_image_id: number | null
  created_at_ms: number
  /** The part of `recommend_score` its shop's daily pushed traffic gives (contract `trafficScorePoints`). */
  traffic_points: Defaulted<number>
  /** Set when the merchant deleted the listing (kept for old orders, hidden everywhere). */
  deleted_at_ms: number | null
}

export interface ListingSkusTable {
  listing_id: number
  sku_id: number
  price_cents: number
  list_price_cents: number
  stock: number
}

/** One visitor of a shop's home on one UTC day (day = floor(ms / 86 400 000)). */
export interface ShopVisitsTable {
  shop_id: number
  day: number
  /** A keyed hash of who visited (user or client address), never the address itself. */
  visitor_hash: string
}
