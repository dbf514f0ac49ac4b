import type { OrderStatus } from '@bazaar/contract/orders-values'
import type { Defaulted, Id } from '../../db/column-types.ts'

/** Tables of the order module: orders, lines, refunds, logistics, order messages and the order time rules. */
export interface OrderTables {
  platform_settings: PlatformSettingsTable
  orders: OrdersTable
  shop_order_days: ShopOrderDaysTable
  order_lines: OrderLinesTable
  refunds: RefundsTable
  logistics_events: LogisticsEventsTable
  order_messages: OrderMessagesTable
  checkout_pages: CheckoutPagesTable
}

/**
 * One confirm page of one buyer (the key it minted when it opened) and the fingerprint of what
 * it last submitted; its row is the lock of every submit of that page (checkout-pages.ts).
 */
export interface CheckoutPagesTable {
  id: Id
  user_id: number
  page_key: string
  /** SHA-256 of the last submitted body (lines or cart, address, remarks, coupons); '' before the first. */
  request_hash: string
  created_at_ms: number
  submitted_at_ms: number
}

export interface PlatformSettingsTable {
  /** See order/settings.ts for the keys and their defaults. */
  key: string
  value_ms: number
  updated_at_ms: number
}

/**
 * A shop's orders on one UTC day: how many were paid that day, and the profit of those that
 * closed (completed or refunded) that day. Written with the change it counts.
 */
export interface ShopOrderDaysTable {
  shop_id: number
  /** UTC day number: floor(ms / 86,400,000). */
  day: number
  paid_orders: Defaulted<number>
  profit_cents: Defaulted<number>
}

export interface OrdersTable {
  id: Id
  order_no: string
  user_id: number
  shop_id: number
  status: OrderStatus
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
  /** Once the order closed (completed or refunded): settled − purchase paid, from its transfers. */
  profit_cents: number | null
  /** The coupon's discount on the goods (`total_cents` = goods + freight − this). */
  coupon_cents: Defaulted<number>
  /** The buyer's held coupon used (coupon module's `user_coupons.id`), its issuer and its name then. */
  coupon_held_id: Defaulted<number | null>
  coupon_issuer: Defaulted<'platform' | 'shop' | null>
  coupon_title: Defaulted<string | null>
  /** The confirm page that made the order (`checkout_pages.id`); null for orders placed without one. */
  checkout_page_id: Defaulted<number | null>
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
  /** The photo's size in pixels when the order was placed (a snapshot beside its id; null without a photo). */
  image_width: Defaulted<number | null>
  image_height: Defaulted<number | null>
  unit_price_cents: number
  quantity: number
  line_total_cents: number
  /** The platform's purchase price of one unit when the order was placed (what the merchant pays; merchant issue). */
  purchase_unit_price_cents: Defaulted<number>
  /** This line's share of the shop order's coupon (largest remainder by line total). */
  coupon_share_cents: Defaulted<number>
  /** What the buyer paid for the line: line total less coupon share. Refunds are capped by it. */
  net_paid_cents: Defaulted<number>
  /** Units refunded so far; every unit of the order refunded makes the order 'refunded'. */
  refunded_quantity: Defaulted<number>
  /** The buyer's money refunded for the line (≤ net paid). */
  refunded_cents: Defaulted<number>
  /** The line's review, once the buyer wrote one (set by the review module through the order service). */
  review_id: Defaulted<number | null>
}

export interface RefundsTable {
  id: Id
  refund_no: string
  order_id: number
  order_line_id: number
  user_id: number
  shop_id: number
  reason: string
  /** Units of the line this refund is for. */
  quantity: Defaulted<number>
  /** The buyer's money for those units (their share of the line's net paid). */
  amount_cents: number
  /** Freight returned with it (the order's last units refunded before shipping). */
  freight_cents: Defaulted<number>
  /** The platform coupon's share of those units, back to marketing. */
  coupon_return_cents: Defaulted<number>
  /** Purchase price returned to the merchant for units never shipped. */
  purchase_return_cents: Defaulted<number>
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
  /** A key of contract `orderMessageParams`, rendered in the reader's language. */
  message_key: string
  /** The key's parameters, a JSON object of strings. */
  params_json: string
  /** 'order' | 'refund' | 'payment'. */
  modules: string
  modules_id: number
  created_at_ms: number
  read_at_ms: number | null
}
