/**
 * Webhooks (issue 24), zod-free: the events a merchant's endpoint may receive and the
 * delivery rules (Standard Webhooks: id, timestamp, HMAC-SHA256 signature). The server's
 * worker and the shop's webhook page read the same values.
 */

/** The events, each written to the outbox in the transaction of the change that causes it. */
export const webhookEventTypes = [
  'order.paid',
  'order.cancelled',
  'order.received',
  'refund.requested',
  'refund.decided',
  'settlement.credited',
  'listing.out_of_stock',
] as const
export type WebhookEventType = (typeof webhookEventTypes)[number]

/** States of one delivery of one event to one endpoint. */
export const deliveryStatuses = ['pending', 'delivered', 'failed'] as const
export type DeliveryStatus = (typeof deliveryStatuses)[number]

/** States of an endpoint: a disabled one receives nothing until its merchant enables it again. */
export const endpointStatuses = ['active', 'disabled'] as const
export type EndpointStatus = (typeof endpointStatuses)[number]

const minuteMs = 60_000
const hourMs = 60 * minuteMs

/**
 * Delivery rules: a reply of 2xx within `timeoutMs` is a delivery; anything else is retried
 * after `firstRetryMs`, then 4× longer each time (at most `maxRetryMs` apart) until
 * `retryWindowMs` after the event, then the delivery is failed. An endpoint whose deliveries
 * have failed without one success for `disableAfterMs` is disabled, with a notice to its
 * merchant. Redirects are not followed (a 3xx is a failure).
 */
export const webhookRules = {
  timeoutMs: 10_000,
  firstRetryMs: 30_000,
  retryFactor: 4,
  maxRetryMs: 6 * hourMs,
  retryWindowMs: 24 * hourMs,
  disableAfterMs: 72 * hourMs,
  /** How long a previous secret still signs after a rotation, so receivers can switch. */
  previousSecretMs: 24 * hourMs,
  endpointsPerShop: 10,
  urlMaxLength: 500,
} as const

/**
 * The wait before attempt `attempt + 1` after `attempt` failed (attempt ≥ 1):
 * firstRetryMs × retryFactor^(attempt − 1), at most maxRetryMs.
 */
export function retryDelayMs(attempt: number, firstRetryMs: number = webhookRules.firstRetryMs): number {
  return Math.min(firstRetryMs * webhookRules.retryFactor ** Math.max(0, attempt - 1), webhookRules.maxRetryMs)
}
