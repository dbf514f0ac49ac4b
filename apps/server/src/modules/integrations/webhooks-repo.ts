import type { Insertable, Updateable } from 'kysely'
import type { DialectName, Trx } from '../../db/database.ts'
import type { WebhookDeliveriesTable, WebhookEndpointsTable } from './tables.ts'

/** Queries of webhook endpoints, the outbox and deliveries (integrations module). */

const endpointColumns = ['id', 'shop_id', 'url', 'events_json', 'status', 'failing_since_ms', 'disabled_at_ms', 'created_at_ms'] as const

export function insertEndpoint(trx: Trx, row: Insertable<WebhookEndpointsTable>) {
  return trx
    .insertInto('webhook_endpoints')
    .values(row)
    .returning([...endpointColumns, 'secret'])
    .executeTakeFirstOrThrow()
}

/** A shop's endpoints that are not deleted, oldest first. */
export function shopEndpoints(trx: Trx, shopId: number) {
  return trx
    .selectFrom('webhook_endpoints')
    .select(endpointColumns)
    .where('shop_id', '=', shopId)
    .where('deleted_at_ms', 'is', null)
    .orderBy('id')
    .limit(100)
    .execute()
}

export function findEndpoint(trx: Trx, shopId: number, endpointId: number) {
  return trx
    .selectFrom('webhook_endpoints')
    .select(endpointColumns)
    .where('id', '=', endpointId)
    .where('shop_id', '=', shopId)
    .where('deleted_at_ms', 'is', null)
    .executeTakeFirst()
}

/** The current secret of an endpoint of the shop (not deleted). */
export function endpointSecret(trx: Trx, shopId: number, endpointId: number) {
  return trx
    .selectFrom('webhook_endpoints')
    .select('secret')
    .where('id', '=', endpointId)
    .where('shop_id', '=', shopId)
    .where('deleted_at_ms', 'is', null)
    .executeTakeFirst()
}

/** Changes an endpoint of the shop (not deleted); returns it, or undefined. */
export function updateEndpoint(trx: Trx, shopId: number, endpointId: number, changes: Updateable<WebhookEndpointsTable>) {
  return trx
    .updateTable('webhook_endpoints')
    .set(changes)
    .where('id', '=', endpointId)
    .where('shop_id', '=', shopId)
    .where('deleted_at_ms', 'is', null)
    .returning([...endpointColumns, 'secret'])
    .executeTakeFirst()
}

/** Claims up to `limit` outbox events not dispatched yet: a conditional update, so of two nodes each event goes to one. */
export async function claimEvents(trx: Trx, nowMs: number, limit: number) {
  const due = await trx.selectFrom('webhook_events').select('id').where('dispatched_at_ms', 'is', null).orderBy('id').limit(limit).execute()
  if (due.length === 0) return []
  return trx
    .updateTable('webhook_events')
    .set({ dispatched_at_ms: nowMs })
    .where(
      'id',
      'in',
      due.map((e) => e.id),
    )
    .where('dispatched_at_ms', 'is', null)
    .returning(['id', 'shop_id', 'type', 'created_at_ms'])
    .execute()
}

/** The live (active, not deleted) endpoints of some shops with the events they take. */
export function liveEndpointsOf(trx: Trx, shopIds: number[]) {
  return trx
    .selectFrom('webhook_endpoints')
    .select(['id', 'shop_id', 'events_json'])
    .where('shop_id', 'in', shopIds)
    .where('status', '=', 'active')
    .where('deleted_at_ms', 'is', null)
    .execute()
}

/** One delivery row per (event, endpoint); a pair that exists already is left as it is. */
export async function insertDeliveries(trx: Trx, rows: Insertable<WebhookDeliveriesTable>[]): Promise<void> {
  if (rows.length === 0) return
  await trx
    .insertInto('webhook_deliveries')
    .values(rows)
    .onConflict((oc) => oc.columns(['event_id', 'endpoint_id']).doNothing())
    .execute()
}

/**
 * Claims up to `limit` due deliveries of live endpoints for one attempt: one conditional
 * UPDATE moves each claimed row's next attempt to `inFlightUntilMs` and counts the attempt,
 * so another node (or this one) sees it as not due until then; a node that dies mid-send
 * leaves the row to be tried again at that time. On PostgreSQL the candidates are read
 * with FOR UPDATE SKIP LOCKED, so two nodes claim different rows without waiting.
 */
export async function claimDeliveries(trx: Trx, dialect: DialectName, nowMs: number, inFlightUntilMs: number, limit: number) {
  let candidates = trx
    .selectFrom('webhook_deliveries as d')
    .select('d.id')
    .where('d.status', '=', 'pending')
    .where('d.next_attempt_at_ms', '<=', nowMs)
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('webhook_endpoints as e')
          .select('e.id')
          .whereRef('e.id', '=', 'd.endpoint_id')
          .where('e.status', '=', 'active')
          .where('e.deleted_at_ms', 'is', null),
      ),
    )
    .orderBy('d.next_attempt_at_ms')
    .limit(limit)
  if (dialect === 'postgres') candidates = candidates.forUpdate('d').skipLocked()
  const ids = (await candidates.execute()).map((d) => d.id)
  if (ids.length === 0) return []
  return trx
    .updateTable('webhook_deliveries')
    .set((eb) => ({ next_attempt_at_ms: inFlightUntilMs, last_attempt_at_ms: nowMs, attempts: eb('attempts', '+', 1) }))
    .where('id', 'in', ids)
    .where('status', '=', 'pending')
    .where('next_attempt_at_ms', '<=', nowMs)
    .returning(['id', 'event_id', 'endpoint_id', 'attempts', 'give_up_at_ms'])
    .execute()
}

/** What the sender needs of claimed deliveries: the endpoint's URL and secrets, the event's id and body. */
export function outgoingOf(trx: Trx, deliveryIds: number[]) {
  return trx
    .selectFrom('webhook_deliveries as d')
    .innerJoin('webhook_endpoints as e', 'e.id', 'd.endpoint_id')
    .innerJoin('webhook_events as ev', 'ev.id', 'd.event_id')
    .select([
      'd.id',
      'e.id as endpoint_id',
      'e.shop_id',
      'e.url',
      'e.secret',
      'e.previous_secret',
      'e.previous_secret_until_ms',
      'ev.event_id',
      'ev.payload_json',
    ])
    .where('d.id', 'in', deliveryIds)
    .execute()
}

/** Records an attempt's outcome on its delivery, if the row is still the attempt this node claimed. */
export function recordAttempt(
  trx: Trx,
  deliveryId: number,
  attempt: number,
  changes: Pick<
    Updateable<WebhookDeliveriesTable>,
    'status' | 'next_attempt_at_ms' | 'last_status_code' | 'last_error' | 'delivered_at_ms'
  >,
) {
  return trx.updateTable('webhook_deliveries').set(changes).where('id', '=', deliveryId).where('attempts', '=', attempt).execute()
}

/** A success clears the endpoint's failing streak. */
export function endpointSucceeded(trx: Trx, endpointId: number) {
  return trx
    .updateTable('webhook_endpoints')
    .set({ failing_since_ms: null })
    .where('id', '=', endpointId)
    .where('failing_since_ms', 'is not', null)
    .execute()
}

/** A failure starts the endpoint's failing streak if none runs; returns when the streak began. */
export async function endpointFailed(trx: Trx, endpointId: number, nowMs: number): Promise<number | null> {
  await trx
    .updateTable('webhook_endpoints')
    .set({ failing_since_ms: nowMs })
    .where('id', '=', endpointId)
    .where('failing_since_ms', 'is', null)
    .execute()
  const row = await trx.selectFrom('webhook_endpoints').select('failing_since_ms').where('id', '=', endpointId).executeTakeFirst()
  return row?.failing_since_ms == null ? null : Number(row.failing_since_ms)
}

/** Disables an active endpoint whose streak began at or before `streakStartedByMs`; true for the call that did it. */
export async function disableFailingEndpoint(trx: Trx, endpointId: number, streakStartedByMs: number, nowMs: number): Promise<boolean> {
  const result = await trx
    .updateTable('webhook_endpoints')
    .set({ status: 'disabled', disabled_at_ms: nowMs })
    .where('id', '=', endpointId)
    .where('status', '=', 'active')
    .where('failing_since_ms', '<=', streakStartedByMs)
    .executeTakeFirst()
  return Number(result.numUpdatedRows) === 1
}

/** An endpoint's deliveries, newest first, before the id `beforeId`; reads `limit + 1`. */
export function deliveryPage(trx: Trx, endpointId: number, beforeId: number | undefined, limit: number) {
  let q = trx
    .selectFrom('webhook_deliveries as d')
    .innerJoin('webhook_events as ev', 'ev.id', 'd.event_id')
    .select([
      'd.id',
      'ev.event_id',
      'ev.type',
      'ev.payload_json',
      'd.status',
      'd.attempts',
      'd.last_status_code',
      'd.last_error',
      'd.next_attempt_at_ms',
      'd.created_at_ms',
      'd.delivered_at_ms',
    ])
    .where('d.endpoint_id', '=', endpointId)
  if (beforeId !== undefined) q = q.where('d.id', '<', beforeId)
  return q
    .orderBy('d.id', 'desc')
    .limit(limit + 1)
    .execute()
}

/** Puts a delivery of the shop back in the queue now, with a new 24-hour window; undefined if none. */
export function requeueDelivery(trx: Trx, shopId: number, deliveryId: number, nowMs: number, giveUpAtMs: number) {
  return trx
    .updateTable('webhook_deliveries')
    .set({ status: 'pending', next_attempt_at_ms: nowMs, give_up_at_ms: giveUpAtMs })
    .where('id', '=', deliveryId)
    .where('shop_id', '=', shopId)
    .returning('id')
    .executeTakeFirst()
}

/** How many endpoints of the shop are not deleted. */
export async function countEndpoints(trx: Trx, shopId: number): Promise<number> {
  const row = await trx
    .selectFrom('webhook_endpoints')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('shop_id', '=', shopId)
    .where('deleted_at_ms', 'is', null)
    .executeTakeFirstOrThrow()
  return Number(row.n)
}
