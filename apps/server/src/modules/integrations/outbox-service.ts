import { randomBytes } from 'node:crypto'
import type { WebhookPayload } from '@bazaar/contract/webhooks'
import type { WebhookEventType } from '@bazaar/contract/webhooks-values'
import { emitAfterCommit } from '../../db/commit-events.ts'
import type { Trx } from '../../db/database.ts'

declare module '../../db/commit-events.ts' {
  interface CommitEvents {
    /** Webhook events were committed to the outbox: the worker of this node looks at once. */
    'webhook.recorded': { count: number }
  }
}

/** One event a change causes: the shop it belongs to, its type and its data (ids and the figures a tool acts on). */
export interface WebhookEvent {
  shopId: number
  type: WebhookEventType
  data: Omit<WebhookPayload['data'], 'shopId'>
}

/**
 * Writes events to the webhook outbox in the caller's transaction (issue 24): one multi-row
 * INSERT, so a payment or any other change adds one statement, commits its events with it
 * and loses none on a crash; a rolled-back change leaves none. Each event gets its
 * `webhook-id` (`msg_` + 16 random bytes) and its Standard Webhooks body here, once, so
 * every delivery and retry sends the same bytes. The delivery worker fans them out to the
 * shop's endpoints after the commit (delivery-worker.ts).
 */
export async function recordWebhookEvents(trx: Trx, events: WebhookEvent[], nowMs = Date.now()): Promise<void> {
  if (events.length === 0) return
  const timestamp = new Date(nowMs).toISOString()
  await trx
    .insertInto('webhook_events')
    .values(
      events.map((e) => ({
        event_id: `msg_${randomBytes(16).toString('base64url')}`,
        shop_id: e.shopId,
        type: e.type,
        payload_json: JSON.stringify({ type: e.type, timestamp, data: { shopId: e.shopId, ...e.data } } satisfies WebhookPayload),
        created_at_ms: nowMs,
      })),
    )
    .execute()
  await emitAfterCommit(trx, 'webhook.recorded', { count: events.length })
}
