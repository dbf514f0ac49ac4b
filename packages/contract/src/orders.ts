import { z } from 'zod'
import { PaymentPassword } from './auth.ts'
import { LineInput } from './cart.ts'
import { maxCartLines, maxLineQuantity } from './cart-values.ts'
import { ImageRef } from './catalog.ts'
import { maxPageSize } from './catalog-values.ts'
import { CouponChoice } from './coupon.ts'
import { couponIssuers } from './coupon-values.ts'
import {
  carrierMaxLength,
  logisticsMaxLength,
  maxOrdersPerPayment,
  orderRuleBounds,
  orderStatuses,
  orderTabs,
  refundReasonMaxLength,
  refundStatuses,
  remarkMaxLength,
  trackingNoMaxLength,
  trackingNoMinLength,
} from './orders-values.ts'
import { cursorParam, multiLine, singleLine } from './text.ts'

/** Tabs of the order list (SPEC §4): each a set of states, or the orders with a refund. */
export const OrderTab = z.enum(orderTabs)
export type OrderTab = z.infer<typeof OrderTab>

/** Checkout input: explicit lines ('buy now') or the cart's selected lines, and the address. */
/** A confirm page's key: visible ASCII, 1 to 100 characters (a UUID from the shop). */
const checkoutKey = singleLine()
  .min(1, 'Invalid parameters')
  .max(100, 'Invalid parameters')
  .regex(/^[\x21-\x7e]+$/, 'Invalid parameters')

export const CheckoutBody = z
  .object({
    lines: z.array(LineInput).min(1).max(maxCartLines).optional(),
    fromCart: z.boolean().optional(),
    addressId: z.number({ error: 'no address' }).int().positive('no address'),
    /** Remark per shop id, shown to that shop's merchant. */
    remarks: z.record(singleLine().regex(/^\d+$/), singleLine().trim().max(remarkMaxLength)).default({}),
    /** The held coupon to use per shop id (one per shop order; none when absent): the preview's choice. */
    coupons: z.record(singleLine().regex(/^\d+$/), z.number().int().positive()).default({}),
    /**
     * The confirm page's key, minted when it opens: submitting the page again answers its unpaid
     * orders if nothing changed, or replaces them if something did (never two unpaid sets).
     */
    checkoutKey: checkoutKey.optional(),
  })
  .strict()
  .refine((b) => Boolean(b.lines) !== Boolean(b.fromCart), { message: 'Invalid parameters', path: ['lines'] })
export type CheckoutBody = z.infer<typeof CheckoutBody>

/**
 * Preview of a checkout, computed by the server from its own prices. `coupons`: per shop id,
 * the held coupon the buyer picked, or null for none; a shop not named gets the best that fits.
 */
export const PreviewBody = z
  .object({
    lines: z.array(LineInput).min(1).max(maxCartLines).optional(),
    fromCart: z.boolean().optional(),
    coupons: z.record(singleLine().regex(/^\d+$/), z.number().int().positive().nullable()).optional(),
    /** The confirm page's key (see `CheckoutBody`): what its unpaid orders hold counts as the buyer's. */
    checkoutKey: checkoutKey.optional(),
  })
  .strict()
export type PreviewBody = z.infer<typeof PreviewBody>

export const OrderLine = z.object({
  id: z.number().int(),
  listingId: z.number().int(),
  skuId: z.number().int(),
  title: z.string(),
  skuName: z.string(),
  options: z.record(z.string(), z.string()),
  image: ImageRef.nullable(),
  unitPriceCents: z.number().int(),
  quantity: z.number().int(),
  lineTotalCents: z.number().int(),
  /** The line's share of the shop order's coupon (split by line totals, largest remainder). */
  couponShareCents: z.number().int(),
  /** What the buyer paid for the line: its total less its share of the shop order's coupon. */
  netPaidCents: z.number().int(),
  /** Units refunded so far. */
  refundedQuantity: z.number().int(),
  /** The buyer's money refunded for the line, at most `netPaidCents`. */
  refundedCents: z.number().int(),
  /** The buyer's review of the line, once written (contract review-values `canReviewLine`). */
  reviewId: z.number().int().nullable(),
})
export type OrderLine = z.infer<typeof OrderLine>

export const ShippingAddress = z.object({
  name: z.string(),
  mobile: z.string(),
  country: z.string(),
  province: z.string(),
  city: z.string(),
  address: z.string(),
  zipCode: z.string(),
})

export const Refund = z.object({
  id: z.number().int(),
  refundNo: z.string(),
  orderId: z.number().int(),
  lineId: z.number().int(),
  reason: z.string(),
  /** Units of the line refunded. */
  quantity: z.number().int(),
  /** The buyer's money for those units (their share of what the line paid). */
  amountCents: z.number().int(),
  /** Freight returned with it: the order's last units refunded before shipping. */
  freightCents: z.number().int(),
  status: z.enum(refundStatuses),
  appliedAtMs: z.number().int(),
  respondByMs: z.number().int(),
  respondedAtMs: z.number().int().nullable(),
  refuseReason: z.string().nullable(),
})
export type Refund = z.infer<typeof Refund>

export const LogisticsEvent = z.object({ atMs: z.number().int(), description: z.string() })

export const Order = z.object({
  id: z.number().int(),
  orderNo: z.string(),
  status: z.enum(orderStatuses),
  shop: z.object({ id: z.number().int(), name: z.string() }),
  buyer: z.object({ id: z.number().int(), nickname: z.string() }),
  lines: z.array(OrderLine),
  productTotalCents: z.number().int(),
  freightCents: z.number().int(),
  /** The coupon's discount on the goods; `totalCents` (what the buyer pays) is goods + freight − this. */
  couponCents: z.number().int(),
  /** The coupon used, as it was when the order was placed: who pays for it and its name. */
  coupon: z.object({ issuer: z.enum(couponIssuers), title: z.string() }).nullable(),
  totalCents: z.number().int(),
  refundedCents: z.number().int(),
  remark: z.string(),
  address: ShippingAddress,
  carrier: z.string().nullable(),
  trackingNo: z.string().nullable(),
  createdAtMs: z.number().int(),
  payByMs: z.number().int(),
  paidAtMs: z.number().int().nullable(),
  shippedAtMs: z.number().int().nullable(),
  receivedAtMs: z.number().int().nullable(),
  autoReceiveAtMs: z.number().int().nullable(),
  afterSalesUntilMs: z.number().int().nullable(),
  completedAtMs: z.number().int().nullable(),
  cancelledAtMs: z.number().int().nullable(),
  refunds: z.array(Refund),
  logistics: z.array(LogisticsEvent),
})
export type Order = z.infer<typeof Order>

/** A checkout's lines by shop with product total, freight and payment, from the server's prices. */
export const CheckoutPreview = z.object({
  groups: z.array(
    z.object({
      /** `shipCountries`: where the shop delivers (ISO codes; empty: everywhere), so the page can say it before Submit. */
      shop: z.object({ id: z.number().int(), name: z.string(), shipCountries: z.array(z.string()) }),
      lines: z.array(
        OrderLine.omit({
          id: true,
          couponShareCents: true,
          netPaidCents: true,
          refundedQuantity: true,
          refundedCents: true,
          reviewId: true,
        }),
      ),
      productTotalCents: z.number().int(),
      freightCents: z.number().int(),
      /** Held coupons that fit this shop order, best first. */
      coupons: z.array(CouponChoice),
      /** The coupon applied: the buyer's pick, else the best still free (null: none). */
      couponHeldId: z.number().int().nullable(),
      couponCents: z.number().int(),
      /** Goods + freight − coupon. */
      totalCents: z.number().int(),
    }),
  ),
  totalCents: z.number().int(),
})
export type CheckoutPreview = z.infer<typeof CheckoutPreview>

export const OrderListQuery = z
  .object({
    tab: OrderTab.default('all'),
    cursor: cursorParam.optional(),
    limit: z.coerce.number().int().min(1, 'Page size must be 1 to 100').max(maxPageSize, 'Page size must be 1 to 100').default(10),
  })
  .strict()
export type OrderListQuery = z.infer<typeof OrderListQuery>
export const OrderPage = z.object({ items: z.array(Order), nextCursor: z.string().nullable() })
export type OrderPage = z.infer<typeof OrderPage>

/** Counts for the member page's order shortcuts (SPEC §2). */
export const OrderCounts = z.object({
  pendingPayment: z.number().int(),
  toShip: z.number().int(),
  toReceive: z.number().int(),
  toReview: z.number().int(),
  returns: z.number().int(),
})

export const PayBody = z
  .object({ orderIds: z.array(z.number().int().positive()).min(1).max(maxOrdersPerPayment), paymentPassword: PaymentPassword })
  .strict()
export const ModifyAddressBody = z.object({ addressId: z.number().int().positive() }).strict()
export const ShipBody = z
  .object({
    carrier: singleLine().trim().min(1, 'Invalid parameters').max(carrierMaxLength),
    trackingNo: singleLine().trim().min(trackingNoMinLength, 'Invalid parameters').max(trackingNoMaxLength),
  })
  .strict()
export const LogisticsBody = z.object({ description: singleLine().trim().min(1, 'Invalid parameters').max(logisticsMaxLength) }).strict()
/**
 * `POST /api/orders/:id/refunds`: refund `quantity` units of one line. The amount is the
 * server's: the buyer's net paid for those units (contract refund-rules.ts), never a figure
 * the client sends.
 */
export const RefundBody = z
  .object({
    lineId: z.number().int().positive(),
    quantity: z.number().int('Invalid parameters').min(1, 'Invalid parameters').max(maxLineQuantity, 'Invalid parameters'),
    reason: multiLine().trim().min(1, 'Invalid parameters').max(refundReasonMaxLength),
  })
  .strict()
export const RefuseBody = z.object({ reason: multiLine().trim().min(1, 'Invalid parameters').max(refundReasonMaxLength) }).strict()

/** An order time rule in milliseconds, within its bounds (orders-values.ts). */
const ruleMs = (name: keyof typeof orderRuleBounds) => z.number().int().min(orderRuleBounds[name].minMs).max(orderRuleBounds[name].maxMs)

/**
 * The published time rules of the order life (SPEC §4), in milliseconds: how long an
 * unpaid order waits, when receipt is confirmed automatically, the after-sales window, and
 * the merchant's time to answer a refund, and the time a paid order has to ship before it
 * is refunded in full. Operators change them; the app shows them.
 */
export const OrderRules = z.object({
  unpaidCancelMs: ruleMs('unpaidCancelMs'),
  autoReceiveMs: ruleMs('autoReceiveMs'),
  afterSalesMs: ruleMs('afterSalesMs'),
  refundResponseMs: ruleMs('refundResponseMs'),
  /** A paid order not shipped within this time is refunded in full by the sweep. */
  shipByMs: ruleMs('shipByMs'),
})
export type OrderRules = z.infer<typeof OrderRules>
