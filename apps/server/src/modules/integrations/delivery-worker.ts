import { retryDelayMs, type WebhookEventType, webhookRules } from '@bazaar/contract/webhooks-values'
import type { FastifyBaseLogger } from 'fastify'
import type { Db } from '../../db/database.ts'
import type { Mailer } from '../../platform/mail.ts'
import { userSummaries } from '../auth/service.ts'
import { shopNames } from '../catalog/service.ts'
import { type AttemptResult, deliveryAgents, sendEvent } from './delivery.ts'
import * as repo from './webhooks-repo.ts'

/** Settings of the delivery worker (config: WEBHOOKS_ALLOW_PRIVATE, WEBHOOK_TIMEOUT_MS, WEBHOOK_FIRST_RETRY_MS, WEBHOOK_POLL_MS). */
export interface WebhookWorkerOptions {
  allowPrivate: boolean
  timeoutMs: number
  /** The first retry's wait; each next one is 4× longer (contract `retryDelayMs`). */
  firstRetryMs: number
  /** How often the worker looks when nothing woke it (another node's commits). */
  pollMs: number
  /** Deliveries sent at once by this node. */
  batchSize?: number
  mailer?: Mailer
  log: Pick<FastifyBaseLogger, 'error' | 'warn' | 'info'>
}

/** A running worker: `pass` runs one round at once (tests); `stop` ends the loop and waits for the sends in flight. */
export interface WebhookWorker {
  pass(): Promise<number>
  stop(): Promise<void>
}

/**
 * The webhook delivery worker (issue 24; ARCHITECTURE.md, Jobs across nodes), run on every
 * node: it fans committed outbox events out to the shop's live endpoints that take their
 * type (a conditional claim of the events, one delivery row per event and endpoint), then
 * claims due deliveries with a conditional update and sends them (delivery.ts). A 2xx is
 * delivered; anything else is retried after 30 s, 2 min, 8 min… (at most 6 h apart) until
 * 24 h after the event, then failed. An endpoint with no success for 3 days is disabled and
 * its merchant told by mail. It wakes when this node commits events and every `pollMs`.
 */
export function startWebhookWorker(db: Db, options: WebhookWorkerOptions): WebhookWorker {
  const agents = deliveryAgents(options.allowPrivate)
  const batchSize = options.batchSize ?? 32
  let stopped = false
  let running: Promise<number> | undefined
  let again = false
  type Claimed = { id: number; endpoint_id: number; shop_id: number; attempts: number; give_up_at_ms: number }

  async function dispatch(nowMs: number): Promise<number> {
    return db.kysely.transaction().execute(async (trx) => {
      const events = await repo.claimEvents(trx, nowMs, 200)
      if (events.length === 0) return 0
      const endpoints = await repo.liveEndpointsOf(trx, [...new Set(events.map((e) => e.shop_id))])
      const rows = events.flatMap((event) =>
        endpoints
          .filter(
            (e) =>
              e.shop_id === event.shop_id && (JSON.parse(e.events_json) as WebhookEventType[]).includes(event.type as WebhookEventType),
          )
          .map((e) => ({
            event_id: event.id,
            endpoint_id: e.id,
            shop_id: e.shop_id,
            status: 'pending' as const,
            next_attempt_at_ms: nowMs,
            give_up_at_ms: Number(event.created_at_ms) + webhookRules.retryWindowMs,
            created_at_ms: nowMs,
          })),
      )
      await repo.insertDeliveries(trx, rows)
      return events.length
    })
  }

  /** Writes a batch's outcomes in one transaction (one writer turn on SQLite); returns the endpoints it disabled. */
  async function record(results: { delivery: Claimed; result: AttemptResult }[]): Promise<Claimed[]> {
    const nowMs = Date.now()
    const disabled: Claimed[] = []
    await db.kysely.transaction().execute(async (trx) => {
      for (const { delivery, result } of results) {
        if (result.statusCode !== null && result.statusCode >= 200 && result.statusCode < 300) {
          await repo.recordAttempt(trx, delivery.id, delivery.attempts, {
            status: 'delivered',
            delivered_at_ms: nowMs,
            last_status_code: result.statusCode,
            last_error: null,
          })
          await repo.endpointSucceeded(trx, delivery.endpoint_id)
          continue
        }
        const nextMs = nowMs + retryDelayMs(delivery.attempts, options.firstRetryMs)
        await repo.recordAttempt(trx, delivery.id, delivery.attempts, {
          status: nextMs > delivery.give_up_at_ms ? 'failed' : 'pending',
          next_attempt_at_ms: nextMs,
          last_status_code: result.statusCode,
          last_error: result.error ?? (result.statusCode !== null ? `HTTP ${result.statusCode}` : null),
        })
        const streakMs = await repo.endpointFailed(trx, delivery.endpoint_id, nowMs)
        if (
          streakMs !== null &&
          streakMs <= nowMs - webhookRules.disableAfterMs &&
          (await repo.disableFailingEndpoint(trx, delivery.endpoint_id, nowMs - webhookRules.disableAfterMs, nowMs))
        )
          disabled.push(delivery)
      }
    })
    return disabled
  }

  async function tellMerchant(shopId: number, endpointId: number) {
    const shop = (await shopNames(db.kysely, [shopId])).get(shopId)
    const owner = shop && (await userSummaries(db.kysely, [shop.ownerUserId])).get(shop.ownerUserId)
    options.log.warn({ shopId, endpointId }, 'webhook endpoint disabled after 3 days of failures')
    if (!owner || !options.mailer) return
    await options.mailer
      .send({
        to: owner.email,
        subject: 'A webhook endpoint of your Bazaar shop was turned off',
        text:
          `Deliveries to webhook endpoint #${endpointId} of ${shop.name} have failed for 3 days in a row, so it was turned off.\n\n` +
          'Open Integrations in your merchant centre to see the delivery log, fix the endpoint and turn it on again; events that failed can be sent again from the log.\n',
      })
      .catch((err: unknown) => options.log.error({ err }, 'webhook disable notice not sent'))
  }

  async function deliver(): Promise<number> {
    const nowMs = Date.now()
    const claimed = await db.kysely
      .transaction()
      .execute((trx) => repo.claimDeliveries(trx, db.dialect, nowMs, nowMs + options.timeoutMs * 2 + 1000, batchSize))
    if (claimed.length === 0) return 0
    const outgoing = new Map(
      (
        await repo.outgoingOf(
          db.kysely,
          claimed.map((d) => d.id),
        )
      ).map((o) => [o.id, o]),
    )
    const results = await Promise.all(
      claimed.flatMap((d) => {
        const o = outgoing.get(d.id)
        if (!o) return []
        const previousLive = o.previous_secret !== null && Number(o.previous_secret_until_ms ?? 0) > nowMs
        const sent = sendEvent(
          {
            url: o.url,
            secret: o.secret,
            previousSecret: previousLive ? o.previous_secret : null,
            eventId: o.event_id,
            payload: o.payload_json,
          },
          { timeoutMs: options.timeoutMs, agents },
        )
        return [sent.then((result) => ({ delivery: { ...d, shop_id: o.shop_id, give_up_at_ms: Number(d.give_up_at_ms) }, result }))]
      }),
    )
    for (const d of await record(results)) await tellMerchant(d.shop_id, d.endpoint_id)
    return claimed.length
  }

  /** One round: fan out what committed, send what is due; the number of events and deliveries handled. */
  async function pass(): Promise<number> {
    const nowMs = Date.now()
    return (await dispatch(nowMs)) + (await deliver())
  }

  function kick() {
    if (stopped) return
    if (running) {
      again = true
      return
    }
    running = (async () => {
      let handled = 0
      try {
        do {
          again = false
          const n = await pass()
          handled += n
          if (n > 0) again = true
        } while (again && !stopped)
      } catch (err) {
        options.log.error({ err }, 'webhook delivery pass failed')
      } finally {
        running = undefined
      }
      return handled
    })()
  }

  const timer = setInterval(kick, options.pollMs)
  timer.unref()
  const unlisten = db.events.on('webhook.recorded', () => kick())
  kick()
  return {
    pass,
    async stop() {
      stopped = true
      clearInterval(timer)
      unlisten()
      await running
      agents.http.destroy()
      agents.https.destroy()
    },
  }
}
