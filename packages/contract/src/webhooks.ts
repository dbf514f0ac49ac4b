import { z } from 'zod'
import { cursorParam, singleLine } from './text.ts'
import { deliveryStatuses, endpointStatuses, webhookEventTypes, webhookRules } from './webhooks-values.ts'

export const WebhookEventType = z.enum(webhookEventTypes).describe('An event a webhook endpoint may receive')

/** POST /api/shop/webhooks: an HTTPS URL and the events it takes. */
export const CreateEndpointBody = z.strictObject({
  url: singleLine().trim().min(1, 'Invalid parameters').max(webhookRules.urlMaxLength, 'Invalid parameters'),
  events: z.array(WebhookEventType).min(1).max(webhookEventTypes.length),
})

/** PUT /api/shop/webhooks/:id: the events it takes, and whether it is on (an endpoint disabled for failing comes back on). */
export const ChangeEndpointBody = z.strictObject({
  events: z.array(WebhookEventType).min(1).max(webhookEventTypes.length),
  enabled: z.boolean(),
})

/** An endpoint as its page lists it. The secret is shown when it is made or rotated, never again. */
export const WebhookEndpoint = z.object({
  id: z.number().int(),
  url: z.string(),
  events: z.array(WebhookEventType),
  status: z.enum(endpointStatuses),
  /** Since when its deliveries have failed without a success, or null. */
  failingSinceMs: z.number().int().nullable(),
  disabledAtMs: z.number().int().nullable(),
  createdAtMs: z.number().int(),
})

/** The endpoint with its signing secret (`whsec_…`): the answer to a creation or a rotation, the only times it is shown. */
export const EndpointWithSecret = WebhookEndpoint.extend({
  secret: z.string().describe('The Standard Webhooks signing secret; the previous one keeps signing for 24 hours after a rotation'),
})

/** One event's delivery to one endpoint, as the delivery log lists it. */
export const WebhookDelivery = z.object({
  id: z.number().int(),
  eventId: z.string().describe('The `webhook-id` header: the same for every attempt, so a receiver handles the event once'),
  type: WebhookEventType,
  status: z.enum(deliveryStatuses),
  attempts: z.number().int(),
  lastStatusCode: z.number().int().nullable().describe('The HTTP status of the last reply, or null (no reply: refused, timed out)'),
  lastError: z.string().nullable(),
  nextAttemptAtMs: z.number().int().nullable(),
  createdAtMs: z.number().int(),
  deliveredAtMs: z.number().int().nullable(),
  /** The body that was sent, as sent. */
  payload: z.string(),
})

export const DeliveryPage = z.object({ items: z.array(WebhookDelivery), nextCursor: z.string().nullable() })
export const DeliveryListQuery = z.strictObject({
  cursor: cursorParam.optional(),
  limit: z.coerce.number().int().min(1, 'Page size must be 1 to 100').max(100, 'Page size must be 1 to 100').default(20),
})

/**
 * The JSON body of every webhook (Standard Webhooks' envelope): the event type, when it
 * happened (ISO 8601) and its data. Ids only, plus the figures a tool acts on; the full
 * order is one call away with an API key.
 */
export const WebhookPayload = z.object({
  type: WebhookEventType,
  timestamp: z.string(),
  data: z.object({
    shopId: z.number().int(),
    orderId: z.number().int().optional(),
    orderNo: z.string().optional(),
    refundId: z.number().int().optional(),
    refundNo: z.string().optional(),
    decision: z.enum(['agreed', 'refused']).optional(),
    amountCents: z.number().int().optional(),
    /** listing.out_of_stock: the listing SKU whose last unit an order just took. */
    listingId: z.number().int().optional(),
    skuId: z.number().int().optional(),
  }),
})

export type WebhookEndpoint = z.infer<typeof WebhookEndpoint>
export type EndpointWithSecret = z.infer<typeof EndpointWithSecret>
export type WebhookDelivery = z.infer<typeof WebhookDelivery>
export type WebhookPayload = z.infer<typeof WebhookPayload>
