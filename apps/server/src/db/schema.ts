import type { ColumnType, Generated } from 'kysely'

/**
 * Table types for Kysely. Timestamps are integer epoch milliseconds (`…AtMs`), money is
 * integer cents (`…Cents`), ratings are integer hundredths (469 = 4.69 stars).
 */
export interface Database {
  app_meta: AppMetaTable
  users: UsersTable
  categories: CategoriesTable
  products: ProductsTable
  product_images: ProductImagesTable
  skus: SkusTable
  shops: ShopsTable
  listings: ListingsTable
  listing_skus: ListingSkusTable
  reviews: ReviewsTable
  sessions: SessionsTable
  email_codes: EmailCodesTable
  articles: ArticlesTable
}

type Id = Generated<number>
/** A column with a database default: optional on insert. */
type Defaulted<T> = ColumnType<T, T | undefined, T>

export interface AppMetaTable {
  key: string
  value: string
}

export interface UsersTable {
  id: Id
  email: string
  password_hash: string
  nickname: string
  /** 'buyer' | 'merchant'; operators are a separate table (wallet issue). */
  role: Defaulted<string>
  created_at_ms: number
  /** 'active' | 'locked' | 'cancelled'. */
  status: Defaulted<string>
  payment_password_hash: string | null
  invitation_code: string
  invited_by_user_id: number | null
  /** Failed logins inside the window that starts at `failed_login_window_start_ms`. */
  failed_logins: Defaulted<number>
  failed_login_window_start_ms: Defaulted<number>
  payment_failures: Defaulted<number>
  payment_locked_until_ms: Defaulted<number>
}

export interface SessionsTable {
  /** SHA-256 of the opaque token; the token itself is never stored. */
  token_hash: string
  user_id: number
  created_at_ms: number
  expires_at_ms: number
  revoked_at_ms: number | null
}

export interface EmailCodesTable {
  id: Id
  email: string
  /** See contract auth `codePurposes`. */
  purpose: string
  code_hash: string
  created_at_ms: number
  expires_at_ms: number
  wrong_tries: Defaulted<number>
  used_at_ms: number | null
}

export interface ArticlesTable {
  slug: string
  /** BCP 47 tag; 'en' is always present and the fallback. */
  locale: string
  title: string
  body: string
  updated_at_ms: number
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
  followers: Defaulted<number>
  created_at_ms: number
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
  list_price_cents: number
  discount_basis_points: number
  sales_count: Defaulted<number>
  followers: Defaulted<number>
  rating_hundredths: number | null
  /** See catalog/service `recommendScore`. */
  recommend_score: number
  main_image_id: number | null
  created_at_ms: number
}

export interface ListingSkusTable {
  listing_id: number
  sku_id: number
  price_cents: number
  list_price_cents: number
  stock: number
  sales_count: Defaulted<number>
}

export interface ReviewsTable {
  id: Id
  listing_id: number
  product_id: number
  user_id: number | null
  rating: number
  comment: string
  author_name: string
  created_at_ms: number
}
