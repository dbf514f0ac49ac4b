/**
 * Messages to people about their orders and refunds (SPEC §3 Order-related message), stored
 * as a key plus parameters and rendered in the reader's language from the `notices` bundle
 * (`notices.<key>.title` and `.body`, with the parameters interpolated). Zod-free, for the
 * shop's bundle as well as the server.
 */
export const orderMessageParams = {
  'order.placed': ['orderNo'],
  'order.cancelled': ['orderNo'],
  'order.expired': ['orderNo'],
  'order.paid': ['orderNo'],
  'order.shipped': ['orderNo', 'carrier', 'trackingNo'],
  'order.received': ['orderNo'],
  'order.notShipped': ['orderNo'],
  'refund.requested': ['refundNo', 'orderNo'],
  'refund.succeeded': ['refundNo'],
  'refund.refused': ['refundNo', 'reason'],
  // After-sales cases (issue 23): every step, to both sides.
  'aftersales.requested': ['refundNo', 'orderNo'],
  'aftersales.agreed': ['refundNo', 'orderNo'],
  'aftersales.returnRequested': ['refundNo', 'orderNo'],
  'aftersales.refused': ['refundNo', 'orderNo', 'reason'],
  'aftersales.returnShipped': ['refundNo', 'orderNo', 'carrier', 'trackingNo'],
  'aftersales.returnLapsed': ['refundNo', 'orderNo'],
  'aftersales.returnConfirmed': ['refundNo', 'orderNo'],
  'aftersales.returnDamaged': ['refundNo', 'orderNo', 'reason'],
  'aftersales.returnMissing': ['refundNo', 'orderNo', 'reason'],
  'aftersales.escalated': ['refundNo', 'orderNo'],
  'aftersales.closed': ['refundNo', 'orderNo'],
  'aftersales.decidedRefund': ['refundNo', 'orderNo', 'reason'],
  'aftersales.decidedReject': ['refundNo', 'orderNo', 'reason'],
} as const satisfies Record<string, readonly string[]>

/** A key of an order message. */
export type OrderMessageKey = keyof typeof orderMessageParams

/** The parameters one message key needs, all strings. */
export type OrderMessageParams<K extends OrderMessageKey> = Record<(typeof orderMessageParams)[K][number], string>

/** Every key, in a stable order (the bundle completeness test walks it). */
export const orderMessageKeys = Object.keys(orderMessageParams) as OrderMessageKey[]

/**
 * What a message is about (SPEC §3 `modules`): an order, a refund (messages stored before
 * issue 23), a payment, or an after-sales case (`modules_id` the case's id; every step of it,
 * to both sides, under the logistics tab).
 */
export type OrderMessageModule = 'order' | 'refund' | 'payment' | 'aftersales'
