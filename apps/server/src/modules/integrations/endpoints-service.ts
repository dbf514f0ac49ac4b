import { randomBytes } from 'node:crypto'
import type { EndpointWithSecret, WebhookDelivery, WebhookEndpoint } from '@bazaar/contract/webhooks'
import { type WebhookEventType, webhookRules } from '@bazaar/contract/webhooks-values'
import type { Db } from '../../db/database.ts'
import { decodeCursor, encodeCursor } from '../../platform/cursor.ts'
import { AppError } from '../../platform/errors.ts'
import { checkEndpointUrl } from './url-check.ts'
import * as repo from './webhooks-repo.ts'

type EndpointRow = Awaited<ReturnType<typeof repo.shopEndpoints>>[number]

function toEndpoint(row: EndpointRow): WebhookEndpoint {
  return {
    id: row.id,
    url: row.url,
    events: JSON.parse(row.events_json) as WebhookEventType[],
    status: row.status,
    failingSinceMs: row.failing_since_ms === null ? null : Number(row.failing_since_ms),
    disabledAtMs: row.disabled_at_ms === null ? null : Number(row.disabled_at_ms),
    createdAtMs: Number(row.created_at_ms),
  }
}

/** A Standard Webhooks secret: `whsec_` + base64 of 32 random bytes. */
const newSecret = () => `whsec_${randomBytes(32).toString('base64')}`

/**
 * Registers an endpoint for the merchant's shop (issue 24): its URL checked (url-check.ts:
 * https, public addresses after DNS, unless `allowPrivate`), the events it takes, and a new
 * signing secret, returned this once.
 * @throws 'Webhook URL not allowed' | 'Too many webhook endpoints' (10 per shop)
 */
export async function createEndpoint(
  db: Db,
  shopId: number,
  body: { url: string; events: WebhookEventType[] },
  allowPrivate: boolean,
): Promise<EndpointWithSecret> {
  const url = await checkEndpointUrl(body.url, allowPrivate)
  const row = await db.kysely.transaction().execute(async (trx) => {
    if ((await repo.countEndpoints(trx, shopId)) >= webhookRules.endpointsPerShop) throw new AppError('Too many webhook endpoints')
    return repo.insertEndpoint(trx, {
      shop_id: shopId,
      url,
      events_json: JSON.stringify([...new Set(body.events)]),
      secret: newSecret(),
      status: 'active',
      created_at_ms: Date.now(),
    })
  })
  return { ...toEndpoint(row), secret: row.secret }
}

/** The shop's endpoints, oldest first, with their state (disabled, failing since). */
export async function listEndpoints(db: Db, shopId: number): Promise<WebhookEndpoint[]> {
  return (await repo.shopEndpoints(db.kysely, shopId)).map(toEndpoint)
}

/**
 * Changes an endpoint's events and turns it on or off; turned on, its failing streak starts
 * again from nothing.
 * @throws 'Webhook endpoint not found'
 */
export async function changeEndpoint(db: Db, shopId: number, endpointId: number, body: { events: WebhookEventType[]; enabled: boolean }) {
  const row = await repo.updateEndpoint(db.kysely, shopId, endpointId, {
    events_json: JSON.stringify([...new Set(body.events)]),
    ...(body.enabled
      ? { status: 'active', disabled_at_ms: null, failing_since_ms: null }
      : { status: 'disabled', disabled_at_ms: Date.now() }),
  })
  if (!row) throw new AppError('Webhook endpoint not found')
  return toEndpoint(row)
}

/**
 * Gives an endpoint a new secret, returned this once; the old one keeps signing beside it
 * for 24 hours (both signatures in `webhook-signature`), so the receiver can switch.
 * @throws 'Webhook endpoint not found'
 */
export async function rotateSecret(db: Db, shopId: number, endpointId: number): Promise<EndpointWithSecret> {
  return db.kysely.transaction().execute(async (trx) => {
    const current = await repo.endpointSecret(trx, shopId, endpointId)
    if (!current) throw new AppError('Webhook endpoint not found')
    const row = await repo.updateEndpoint(trx, shopId, endpointId, {
      secret: newSecret(),
      previous_secret: current.secret,
      previous_secret_until_ms: Date.now() + webhookRules.previousSecretMs,
    })
    return { ...toEndpoint(row!), secret: row!.secret }
  })
}

/**
 * Deletes an endpoint: it receives nothing more; its delivery log goes with it from the page.
 * @throws 'Webhook endpoint not found'
 */
export async function deleteEndpoint(db: Db, shopId: number, endpointId: number): Promise<void> {
  const row = await repo.updateEndpoint(db.kysely, shopId, endpointId, { deleted_at_ms: Date.now(), status: 'disabled' })
  if (!row) throw new AppError('Webhook endpoint not found')
}

/**
 * An endpoint's delivery log, newest first: status, attempts, the last reply's code, and
 * the body that was sent.
 * @throws 'Webhook endpoint not found' | 'Invalid cursor'
 */
export async function deliveryLog(
  db: Db,
  shopId: number,
  endpointId: number,
  query: { cursor?: string; limit: number },
): Promise<{ items: WebhookDelivery[]; nextCursor: string | null }> {
  if (!(await repo.findEndpoint(db.kysely, shopId, endpointId))) throw new AppError('Webhook endpoint not found')
  const beforeId = query.cursor === undefined ? undefined : decodeCursor(query.cursor, 'deliveries').id
  const rows = await repo.deliveryPage(db.kysely, endpointId, beforeId, query.limit)
  const page = rows.slice(0, query.limit)
  const last = page.at(-1)
  return {
    items: page.map((d) => ({
      id: d.id,
      eventId: d.event_id,
      type: d.type as WebhookEventType,
      status: d.status,
      attempts: d.attempts,
      lastStatusCode: d.last_status_code,
      lastError: d.last_error,
      nextAttemptAtMs: d.status === 'pending' ? Number(d.next_attempt_at_ms) : null,
      createdAtMs: Number(d.created_at_ms),
      deliveredAtMs: d.delivered_at_ms === null ? null : Number(d.delivered_at_ms),
      payload: d.payload_json,
    })),
    nextCursor: rows.length > query.limit && last ? encodeCursor({ sort: 'deliveries', value: 0, id: last.id }) : null,
  }
}

/**
 * Sends a delivery again now (the resend button), delivered or failed alike, with the same
 * event id, so a receiver that had it already can tell; retried for 24 hours from now.
 * @throws 'Delivery not found'
 */
export async function resendDelivery(db: Db, shopId: number, deliveryId: number): Promise<void> {
  const nowMs = Date.now()
  if (!(await repo.requeueDelivery(db.kysely, shopId, deliveryId, nowMs, nowMs + webhookRules.retryWindowMs)))
    throw new AppError('Delivery not found')
}
