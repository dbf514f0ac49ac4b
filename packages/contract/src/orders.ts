import { z } from 'zod'
import { PaymentPassword } from './auth.ts'
import { LineInput, maxCartLines } from './cart.ts'
import { ImageRef, maxPageSize } from './catalog.ts'

/** Order states (SPEC §4). */
export const orderStatuses = ['pending_payment', 'to_ship', 'to_receive', 'to_review', 'completed', 'cancelled'] as const
export type OrderStatus = (typeof orderStatuses)[number]

/** Order actions and the states they move between: the one table screens and server share. */
export const orderTransitions = {
  pay: { from: ['pending_payment'], to: 'to_ship', by: 'buyer' },
  cancel: { from: ['pending_payment'], to: 'cancelled', by: 'buyer' },
  expire: { from: ['pending_payment'], to: 'cancelled', by: 'system' },
  modifyAddress: { from: ['pending_payment', 'to_ship'], to: null, by: 'buyer' },
  ship: { from: ['to_ship'], to: 'to_receive', by: 'merchant' },
  addLogistics: { from: ['to_receive'], to: null, by: 'merchant' },
  confirmReceipt: { from: ['to_receive'], to: 'to_review', by: 'buyer' },
  autoConfirmReceipt: { from: ['to_receive'], to: 'to_review', by: 'system' },
  applyRefund: { from: ['to_ship', 'to_receive', 'to_review'], to: null, by: 'buyer' },
  complete: { from: ['to_review'], to: 'completed', by: 'system' },
} as const satisfies Record<string, { from: readonly OrderStatus[]; to: OrderStatus | null; by: 'buyer' | 'merchant' | 'system' }>
export type OrderAction = keyof typeof orderTransitions

/** True when `action` is allowed in `status`. */
export function canDo(action: OrderAction, status: OrderStatus): boolean {
  return (orderTransitions[action].from as readonly OrderStatus[]).includes(status)
}

/** Tabs of the order list (SPEC §4): each a set of states, or the orders with a refund. */
export const orderTabs = ['all', 'pending_payment', 'to_ship', 'to_receive', 'to_review', 'returns', 'completed', 'cancelled'] as const
export const OrderTab = z.enum(orderTabs)
export type OrderTab = z.infer<typeof OrderTab>

/** Refund states (SPEC §4 Refund): applied → agreed (succeeded at once, money back) or refused. */
export const refundStatuses = ['applied', 'succeeded', 'refused'] as const
export type RefundStatus = (typeof refundStatuses)[number]

/** Checkout input: explicit lines ('buy now') or the cart's selected lines, and the address. */
export const CheckoutBody = z
  .object({
    lines: z.array(LineInput).min(1).max(maxCartLines).optional(),
    fromCart: z.boolean().optional(),
    addressId: z.number({ error: 'no address' }).int().positive('no address'),
    /** Remark per shop id, shown to that shop's merchant. */
    remarks: z.record(z.string().regex(/^\d+$/), z.string().trim().max(200)).default({}),
  })
  .strict()
  .refine((b) => Boolean(b.lines) !== Boolean(b.fromCart), { message: 'Invalid parameters', path: ['lines'] })
export type CheckoutBody = z.infer<typeof CheckoutBody>

/** Preview of a checkout, computed by the server from its own prices. */
export const PreviewBody = z
  .object({ lines: z.array(LineInput).min(1).max(maxCartLines).optional(), fromCart: z.boolean().optional() })
  .strict()

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
  refundedCents: z.number().int(),
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
  amountCents: z.number().int(),
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

export const CheckoutPreview = z.object({
  groups: z.array(
    z.object({
      shop: z.object({ id: z.number().int(), name: z.string() }),
      lines: z.array(OrderLine.omit({ id: true, refundedCents: true })),
      productTotalCents: z.number().int(),
      freightCents: z.number().int(),
      totalCents: z.number().int(),
    }),
  ),
  totalCents: z.number().int(),
})

export const OrderListQuery = z
  .object({
    tab: OrderTab.default('all'),
    cursor: z.string().max(200).optional(),
    limit: z.coerce.number().int().min(1, 'Page size must be 1 to 100').max(maxPageSize, 'Page size must be 1 to 100').default(10),
  })
  .strict()
export type OrderListQuery = z.infer<typeof OrderListQuery>
export const OrderPage = z.object({ items: z.array(Order), nextCursor: z.string().nullable() })

/** Counts for the member page's order shortcuts (SPEC §2). */
export const OrderCounts = z.object({
  pendingPayment: z.number().int(),
  toShip: z.number().int(),
  toReceive: z.number().int(),
  toReview: z.number().int(),
  returns: z.number().int(),
})

export const PayBody = z
  .object({ orderIds: z.array(z.number().int().positive()).min(1).max(50), paymentPassword: PaymentPassword })
  .strict()
export const ModifyAddressBody = z.object({ addressId: z.number().int().positive() }).strict()
export const ShipBody = z
  .object({
    carrier: z.string().trim().min(1, 'Invalid parameters').max(60),
    trackingNo: z.string().trim().min(3, 'Invalid parameters').max(60),
  })
  .strict()
export const LogisticsBody = z.object({ description: z.string().trim().min(1, 'Invalid parameters').max(200) }).strict()
export const RefundBody = z
  .object({
    lineId: z.number().int().positive(),
    amountCents: z.number().int().positive('Invalid parameters'),
    reason: z.string().trim().min(1, 'Invalid parameters').max(300),
  })
  .strict()
export const RefuseBody = z.object({ reason: z.string().trim().min(1, 'Invalid parameters').max(300) }).strict()

/**
 * The published time rules of the order life (SPEC §4), in milliseconds: how long an
 * unpaid order waits, when receipt is confirmed automatically, the after-sales window, and
 * the merchant's time to answer a refund. Operators change them; the app shows them.
 */
export const OrderRules = z.object({
  unpaidCancelMs: z
    .number()
    .int()
    .min(60_000)
    .max(7 * 86_400_000),
  autoReceiveMs: z
    .number()
    .int()
    .min(86_400_000)
    .max(60 * 86_400_000),
  afterSalesMs: z
    .number()
    .int()
    .min(0)
    .max(90 * 86_400_000),
  refundResponseMs: z
    .number()
    .int()
    .min(3_600_000)
    .max(14 * 86_400_000),
})
export type OrderRules = z.infer<typeof OrderRules>
