/**
 * The order domain's plain values (no zod): states, the tables of allowed moves and the text
 * limits. orders.ts builds its schemas from them; screens import them from here so they offer
 * only the actions the server allows, without zod in the bundle (BENCH B2).
 */

/** Order states (SPEC §4). */
/** `refunded`: every unit of the order was refunded (at any stage after payment). */
export const orderStatuses = ['pending_payment', 'to_ship', 'to_receive', 'to_review', 'completed', 'cancelled', 'refunded'] as const
export type OrderStatus = (typeof orderStatuses)[number]

/** Who makes a move: the buyer, the shop's merchant, or a sweep of the server. */
export type Actor = 'buyer' | 'merchant' | 'system'

/** Order actions and the states they move between (`to: null` keeps the state): the one table screens and server share. */
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
  refundAll: { from: ['to_ship', 'to_receive', 'to_review'], to: 'refunded', by: 'system' },
  shipTimeout: { from: ['to_ship'], to: 'refunded', by: 'system' },
} as const satisfies Record<string, { from: readonly OrderStatus[]; to: OrderStatus | null; by: Actor }>
export type OrderAction = keyof typeof orderTransitions

/** True when `action` is allowed in `status`; otherwise the server answers 'Order status does not allow this'. */
export function canDo(action: OrderAction, status: OrderStatus): boolean {
  return (orderTransitions[action].from as readonly OrderStatus[]).includes(status)
}

/** Tabs of the order list (SPEC §4): each a state, or the orders with a refund ('returns'). */
export const orderTabs = ['all', 'pending_payment', 'to_ship', 'to_receive', 'to_review', 'returns', 'completed', 'cancelled'] as const
export type OrderTab = (typeof orderTabs)[number]

/** True when `value` (a URL parameter) names a tab. */
export function isOrderTab(value: string | null | undefined): value is OrderTab {
  return (orderTabs as readonly string[]).includes(value ?? '')
}

/**
 * The reason stored on the refunds the sweep makes for an order not shipped within the
 * ship-by time (screens translate it; a buyer's own reason is free text).
 */
export const shipByRefundReason = 'not_shipped_in_time'

/** Most orders paid in one payment (`PayBody.orderIds`). */
export const maxOrdersPerPayment = 50
/** Longest remark to one shop at checkout, in characters. */
export const remarkMaxLength = 200
/** A shipment's carrier name and tracking number, in characters. */
export const carrierMaxLength = 60
export const trackingNoMinLength = 3
export const trackingNoMaxLength = 60
/** Longest logistics event a merchant adds, in characters. */
export const logisticsMaxLength = 200
/** Longest reason of a refund request or refusal, in characters. */
export const refundReasonMaxLength = 300

const minuteMs = 60_000
const hourMs = 3_600_000
const dayMs = 86_400_000
/**
 * The range each order time rule (`OrderRules`, in milliseconds) may be set to, so the
 * console checks a value as the server will: unpaid orders wait 1 minute to 7 days; receipt
 * is confirmed automatically 1 to 60 days after shipping; the after-sales window is 0 to 90
 * days; a paid order ships within 1 hour to 30 days. The after-sales limits (issue 23) may
 * be as low as one minute, so a trial run can watch a deadline pass: the merchant answers a
 * case within 1 minute to 14 days, the buyer ships a return within 1 minute to 30 days, the
 * merchant confirms it within 1 minute to 30 days, either side escalates within 1 minute to
 * 30 days, and operators decide a dispute within 1 minute to 30 days.
 */
export const orderRuleBounds = {
  unpaidCancelMs: { minMs: minuteMs, maxMs: 7 * dayMs },
  autoReceiveMs: { minMs: dayMs, maxMs: 60 * dayMs },
  afterSalesMs: { minMs: 0, maxMs: 90 * dayMs },
  refundResponseMs: { minMs: minuteMs, maxMs: 14 * dayMs },
  shipByMs: { minMs: hourMs, maxMs: 30 * dayMs },
  returnShipMs: { minMs: minuteMs, maxMs: 30 * dayMs },
  returnConfirmMs: { minMs: minuteMs, maxMs: 30 * dayMs },
  escalationMs: { minMs: minuteMs, maxMs: 30 * dayMs },
  disputeDecisionMs: { minMs: minuteMs, maxMs: 30 * dayMs },
} as const
export type OrderRuleName = keyof typeof orderRuleBounds
