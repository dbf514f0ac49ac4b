import type { Db } from '../../db/database.ts'
import { AppError } from '../../platform/errors.ts'
import { deadlineColumns, type SweptStatus, sweepCase } from './case-sweeps.ts'
import { completeOrder, confirmReceipt, expireOrder } from './lifecycle-service.ts'
import { refundNotShipped } from './not-shipped-service.ts'
import * as repo from './repo.ts'
import { orderSettings } from './rules-service.ts'

/** Rows one sweep pass handles per kind, so a backlog drains in bounded steps. */
const batchSize = 200

/** Where a sweep reports an order or case it could not move (tried again next pass), and the cases it moved. */
export interface SweepLog {
  error: (obj: object, msg: string) => void
  info?: (obj: object, msg: string) => void
}

/**
 * Hears the sweeps' passes and failures (the metrics, platform/metrics.ts). `step` names what
 * failed: 'expire', 'ship_by_refund', 'receive', 'refund_agree', 'return_lapse',
 * 'return_refund', 'escalation_lapse', 'complete' (one order or case, retried next pass), or
 * 'pass' (the whole pass, e.g. the database did not answer).
 */
export interface SweepObserver {
  /** A pass ended, whether or not something in it failed. */
  ran(durationMs: number): void
  failed(step: SweepStep | 'pass'): void
}

/** The steps of one order sweep pass, as the metrics name them. */
export type SweepStep =
  | 'expire'
  | 'ship_by_refund'
  | 'receive'
  | 'refund_agree'
  | 'return_lapse'
  | 'return_refund'
  | 'escalation_lapse'
  | 'complete'

/** The after-sales steps the sweep moves at their deadline, by the case state they start from. */
const caseStepNames = {
  applied: 'refund_agree',
  awaiting_return: 'return_lapse',
  returning: 'return_refund',
  refused: 'escalation_lapse',
  return_rejected: 'escalation_lapse',
} as const satisfies Record<SweptStatus, SweepStep>

/** Runs `step` on each id, each in its own transaction; one failure is logged and never stops the others. */
async function eachOf(
  ids: number[],
  kind: string,
  name: SweepStep,
  hear: { log?: SweepLog; observer?: SweepObserver },
  step: (id: number) => Promise<boolean>,
): Promise<number> {
  let changed = 0
  for (const id of ids) {
    try {
      if (await step(id)) changed++
    } catch (error) {
      hear.observer?.failed(name)
      hear.log?.error({ err: error, [`${kind}Id`]: id }, `order sweep: ${kind} ${id} failed; retried next pass`)
    }
  }
  return changed
}

/**
 * One pass of the order sweeps (ARCHITECTURE.md, Scale-out): cancel unpaid orders past
 * their time, refund in full paid orders not shipped by the ship-by time, confirm receipt 7
 * days after shipping, move after-sales cases whose step's deadline passed (`sweepCase`:
 * answered for a silent merchant, a return not shipped closed, a return not confirmed
 * refunded, an unescalated refusal closed), complete (settle) orders whose after-sales
 * window passed and that have no open case. Each step is an idempotent conditional update,
 * so every node may run the sweep at once.
 * @returns how many rows each step changed (`cases`: after-sales cases moved)
 */
export async function runOrderSweeps(db: Db, nowMs = Date.now(), log?: SweepLog, observer?: SweepObserver) {
  const hear = { log, observer }
  const settings = await orderSettings(db.kysely)
  const due = (
    status: 'pending_payment' | 'to_ship' | 'to_receive' | 'to_review',
    column: 'pay_by_ms' | 'paid_at_ms' | 'shipped_at_ms' | 'received_at_ms',
    atOrBeforeMs: number,
  ) => repo.findDueOrderIds(db.kysely, { status, column, atOrBeforeMs }, batchSize)
  const unpaid = await due('pending_payment', 'pay_by_ms', nowMs)
  const expired = await eachOf(
    unpaid.map((o) => o.id),
    'order',
    'expire',
    hear,
    (id) => expireOrder(db, id, nowMs),
  )
  const notShipped = await due('to_ship', 'paid_at_ms', nowMs - settings.ship_by_ms)
  const shipTimedOut = await eachOf(
    notShipped.map((o) => o.id),
    'order',
    'ship_by_refund',
    hear,
    (id) => refundNotShipped(db, id, nowMs, settings.ship_by_ms),
  )
  const shipped = await due('to_receive', 'shipped_at_ms', nowMs - settings.auto_receive_ms)
  const received = await eachOf(
    shipped.map((o) => o.id),
    'order',
    'receive',
    hear,
    async (id) => {
      const order = shipped.find((o) => o.id === id)!
      // Confirmed by the buyer or another node meanwhile: nothing to do.
      return confirmReceipt(db, { userId: order.user_id }, id, nowMs).then(
        () => true,
        (error) => {
          if (error instanceof AppError) return false
          throw error
        },
      )
    },
  )
  let cases = 0
  for (const [status, column] of Object.entries(deadlineColumns) as [SweptStatus, (typeof deadlineColumns)[SweptStatus]][]) {
    const dueCases = await repo.findDueCases(db.kysely, status, column, nowMs, batchSize)
    cases += await eachOf(
      dueCases.map((c) => c.id),
      'refund',
      caseStepNames[status],
      hear,
      (id) => sweepCase(db, dueCases.find((c) => c.id === id)!, status, nowMs, settings, log),
    )
  }
  const closing = await repo.findDueOrderIds(
    db.kysely,
    { status: 'to_review', column: 'received_at_ms', atOrBeforeMs: nowMs - settings.after_sales_ms },
    batchSize,
    true,
  )
  const completed = await eachOf(
    closing.map((o) => o.id),
    'order',
    'complete',
    hear,
    (id) => completeOrder(db, id, nowMs, settings.after_sales_ms),
  )
  return { expired, shipTimedOut, received, cases, completed }
}

/**
 * Runs the sweeps every `intervalMs` until stopped; errors are logged, never fatal. The
 * observer hears each pass when it ends (with its duration in ms, failed or not) and each failure.
 */
export function startOrderSweeper(db: Db, log: SweepLog, intervalMs = 30_000, observer?: SweepObserver): () => void {
  let running = false
  const timer = setInterval(async () => {
    if (running) return
    running = true
    const startedMs = Date.now()
    try {
      await runOrderSweeps(db, startedMs, log, observer)
    } catch (error) {
      observer?.failed('pass')
      log.error({ err: error }, 'order sweep failed')
    } finally {
      observer?.ran(Date.now() - startedMs)
      running = false
    }
  }, intervalMs)
  timer.unref()
  return () => clearInterval(timer)
}
