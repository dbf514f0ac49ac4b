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
  ledger_accounts: LedgerAccountsTable
  ledger_transfers: LedgerTransfersTable
  networks: NetworksTable
  uploads: UploadsTable
  recharges: RechargesTable
  withdrawal_addresses: WithdrawalAddressesTable
  withdrawals: WithdrawalsTable
  idempotency_keys: IdempotencyKeysTable
  operators: OperatorsTable
  operator_sessions: OperatorSessionsTable
  audit_log: AuditLogTable
  platform_settings: PlatformSettingsTable
  cart_items: CartItemsTable
  favourites: FavouritesTable
  addresses: AddressesTable
  orders: OrdersTable
  order_lines: OrderLinesTable
  refunds: RefundsTable
  logistics_events: LogisticsEventsTable
  order_messages: OrderMessagesTable
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
  /** 'active' | 'frozen' ('Money Status is locked'). */
  wallet_status: Defaulted<string>
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

export interface LedgerAccountsTable {
  id: Id
  /** Stable name: 'user:<id>:available', 'user:<id>:held', 'platform:custody', 'platform:fees'. */
  code: string
  kind: string
  owner_user_id: number | null
  /** 1 for platform accounts, whose balance is derived from transfers and may be negative. */
  is_platform: Defaulted<number>
  /** Kept for user and merchant accounts only (CHECK >= 0); always 0 on platform accounts. */
  balance_cents: Defaulted<number>
  created_at_ms: number
}

export interface LedgerTransfersTable {
  id: Id
  /** The account money leaves. */
  debit_account_id: number
  /** The account money reaches. */
  credit_account_id: number
  amount_cents: number
  kind: string
  reference_type: string
  reference_id: number
  created_at_ms: number
}

export interface NetworksTable {
  code: string
  name: string
  address_format: 'tron' | 'evm'
  /** The platform's deposit address; empty until an operator sets it (recharge closed). */
  deposit_address: Defaulted<string>
  withdrawal_fee_cents: number
  withdrawal_min_cents: number
  withdrawal_max_cents: number
  monthly_withdrawal_cap: number
  withdrawals_enabled: number
  sort_order: number
  updated_at_ms: number
}

export interface UploadsTable {
  id: Id
  owner_user_id: number
  purpose: string
  storage_key: string
  mime: string
  width: number
  height: number
  bytes: number
  created_at_ms: number
}

export interface RechargesTable {
  id: Id
  user_id: number
  network_code: string
  amount_cents: number
  proof_upload_id: number
  tx_hash: string | null
  status: 'pending' | 'approved' | 'rejected'
  reject_reason: string | null
  reviewed_by_operator_id: number | null
  reviewed_at_ms: number | null
  created_at_ms: number
}

export interface WithdrawalAddressesTable {
  id: Id
  user_id: number
  network_code: string
  address: string
  created_at_ms: number
}

export interface WithdrawalsTable {
  id: Id
  user_id: number
  network_code: string
  address: string
  amount_cents: number
  fee_cents: number
  status: 'pending' | 'approved' | 'rejected'
  reject_reason: string | null
  reviewed_by_operator_id: number | null
  reviewed_at_ms: number | null
  created_at_ms: number
}

export interface IdempotencyKeysTable {
  user_id: number
  route: string
  key: string
  request_hash: string
  state: 'running' | 'done'
  status_code: number | null
  response_json: string | null
  created_at_ms: number
}

export interface OperatorsTable {
  id: Id
  email: string
  name: string
  password_hash: string
  created_at_ms: number
}

export interface OperatorSessionsTable {
  token_hash: string
  operator_id: number
  created_at_ms: number
  expires_at_ms: number
  revoked_at_ms: number | null
}

export interface AuditLogTable {
  id: Id
  operator_id: number
  action: string
  target_type: string
  target_id: string
  detail_json: string
  created_at_ms: number
}

export interface PlatformSettingsTable {
  /** See order/settings.ts for the keys and their defaults. */
  key: string
  value_ms: number
  updated_at_ms: number
}

export interface CartItemsTable {
  id: Id
  user_id: number
  listing_id: number
  sku_id: number
  quantity: number
  selected: Defaulted<number>
  created_at_ms: number
}

export interface FavouritesTable {
  user_id: number
  listing_id: number
  created_at_ms: number
}

export interface AddressesTable {
  id: Id
  user_id: number
  name: string
  /** E.164, checked against `country` with libphonenumber-js. */
  mobile: string
  /** ISO 3166-1 alpha-2. */
  country: string
  province: string
  city: string
  address: string
  zip_code: string
  is_default: Defaulted<number>
  /** Deleted addresses stay for the orders that point at them. */
  deleted: Defaulted<number>
  created_at_ms: number
}

export interface OrdersTable {
  id: Id
  order_no: string
  user_id: number
  shop_id: number
  status: 'pending_payment' | 'to_ship' | 'to_receive' | 'to_review' | 'completed' | 'cancelled'
  has_refund: Defaulted<number>
  /** Snapshot of the shipping address at checkout (changed only by 'modify address'). */
  address_json: string
  remark: string
  product_total_cents: number
  freight_cents: number
  total_cents: number
  refunded_cents: Defaulted<number>
  carrier: string | null
  tracking_no: string | null
  created_at_ms: number
  pay_by_ms: number
  paid_at_ms: number | null
  shipped_at_ms: number | null
  received_at_ms: number | null
  completed_at_ms: number | null
  cancelled_at_ms: number | null
}

export interface OrderLinesTable {
  id: Id
  order_id: number
  listing_id: number
  sku_id: number
  title: string
  sku_name: string
  options_json: string
  image_id: number | null
  unit_price_cents: number
  quantity: number
  line_total_cents: number
  refunded_cents: Defaulted<number>
}

export interface RefundsTable {
  id: Id
  refund_no: string
  order_id: number
  order_line_id: number
  user_id: number
  shop_id: number
  reason: string
  amount_cents: number
  status: 'applied' | 'succeeded' | 'refused'
  applied_at_ms: number
  respond_by_ms: number
  responded_at_ms: number | null
  refuse_reason: string | null
}

export interface LogisticsEventsTable {
  id: Id
  order_id: number
  description: string
  at_ms: number
}

export interface OrderMessagesTable {
  id: Id
  user_id: number
  title: string
  content: string
  /** 'order' | 'refund' | 'payment'. */
  modules: string
  modules_id: number
  created_at_ms: number
  read_at_ms: number | null
}
