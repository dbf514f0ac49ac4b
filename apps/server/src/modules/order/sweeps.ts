import type { Db } from '../../db/database.ts'
import { completeOrder, confirmReceipt, expireOrder } from './lifecycle.ts'
import { agreeRefund } from './refunds.ts'
import { orderSettings } from './settings.ts'

/** Rows one sweep pass handles per kind, so a backlog drains in bounded steps. */
const batchSize = 200

/**
 * One pass of the order sweeps (ARCHITECTURE.md, Scale-out): cancel unpaid orders past
 * their time, confirm receipt 7 days after shipping, agree refunds left unanswered for 24
 * hours, complete orders whose after-sales window passed. Each step is an idempotent
 * conditional update, so every node may run the sweep at once.
 * @returns how many rows each step changed
 */
export async function runOrderSweeps(db: Db, nowMs = Date.now()) {
  const settings = await orderSettings(db.kysely)
  const counts = { expired: 0, received: 0, refunded: 0, completed: 0 }
  const due = await db.kysely
    .selectFrom('orders')
    .select('id')
    .where('status', '=', 'pending_payment')
    .where('pay_by_ms', '<=', nowMs)
    .limit(batchSize)
    .execute()
  for (const o of due) if (await expireOrder(db, o.id, nowMs)) counts.expired++
  const shipped = await db.kysely
    .selectFrom('orders')
    .select(['id', 'user_id'])
    .where('status', '=', 'to_receive')
    .where('shipped_at_ms', '<=', nowMs - settings.auto_receive_ms)
    .limit(batchSize)
    .execute()
  for (const o of shipped) {
    try {
      await confirmReceipt(db, { userId: o.user_id }, o.id, nowMs)
      counts.received++
    } catch {
      // confirmed by the buyer or another node meanwhile
    }
  }
  const refunds = await db.kysely
    .selectFrom('refunds')
    .select('id')
    .where('status', '=', 'applied')
    .where('respond_by_ms', '<=', nowMs)
    .limit(batchSize)
    .execute()
  for (const r of refunds) if (await agreeRefund(db, r.id, undefined, nowMs)) counts.refunded++
  const received = await db.kysely
    .selectFrom('orders')
    .select('id')
    .where('status', '=', 'to_review')
    .where('received_at_ms', '<=', nowMs - settings.after_sales_ms)
    .limit(batchSize)
    .execute()
  for (const o of received) if (await completeOrder(db, o.id, nowMs, settings.after_sales_ms)) counts.completed++
  return counts
}

/** Runs the sweeps every `intervalMs` until stopped; errors are logged, never fatal. */
export function startOrderSweeper(db: Db, log: { error: (obj: object, msg: string) => void }, intervalMs = 30_000): () => void {
  let running = false
  const timer = setInterval(async () => {
    if (running) return
    running = true
    try {
      await runOrderSweeps(db)
    } catch (error) {
      log.error({ err: error }, 'order sweep failed')
    } finally {
      running = false
    }
  }, intervalMs)
  timer.unref()
  return () => clearInterval(timer)
}
