/**
 * BENCH.md G7, run after every G5/G6 run on the same database the server writes:
 * the trial balance is exactly zero, every kept balance agrees with its transfers, each
 * paid order has exactly one 'order_payment' transfer (and no unpaid order has one), and an
 * Idempotency-Key sent twice at once pays once.
 */
import { sql } from 'kysely'
import type { Db } from '../../apps/server/src/db/database.ts'
import { auditBalances, trialBalance } from '../../apps/server/src/modules/wallet/ledger.ts'
import { type PoolOrder, paymentPassword } from './prepare.ts'

export interface LedgerCheck {
  trialBalanceTotalCents: number
  auditMismatches: string[]
  paidOrders: number
  orderPaymentTransfers: number
  /** Orders with more than one 'order_payment' transfer. */
  ordersPaidTwice: number
  /** Paid orders without a payment transfer, and unpaid orders with one. */
  paidWithoutTransfer: number
  transferWithoutPaid: number
  pass: boolean
}

export async function ledgerCheck(db: Db): Promise<LedgerCheck> {
  // Every figure from one snapshot: read one by one, a payment still finishing after the load
  // stopped could commit between the count of paid orders and the count of their transfers
  // (seen once as 3,412 paid orders against 3,413 transfers).
  const snapshot = db.dialect === 'postgres' ? db.kysely.transaction().setIsolationLevel('repeatable read') : db.kysely.transaction()
  const { trial, auditMismatches, paidOrders, orderPaymentTransfers, ordersPaidTwice, paidWithoutTransfer, transferWithoutPaid } =
    await snapshot.execute(async (k) => {
      const one = async (query: ReturnType<typeof sql<{ n: number | string }>>) => Number((await query.execute(k)).rows[0]?.n ?? 0)
      return {
        trial: await trialBalance(k),
        auditMismatches: await auditBalances(k),
        paidOrders: await one(sql`select count(*) as n from orders where paid_at_ms is not null`),
        orderPaymentTransfers: await one(sql`select count(*) as n from ledger_transfers where kind = 'order_payment'`),
        ordersPaidTwice: await one(
          sql`select count(*) as n from (select reference_id from ledger_transfers where kind = 'order_payment' group by reference_id having count(*) > 1) d`,
        ),
        paidWithoutTransfer: await one(
          sql`select count(*) as n from orders o where o.paid_at_ms is not null and not exists (select 1 from ledger_transfers t where t.kind = 'order_payment' and t.reference_type = 'order' and t.reference_id = o.id)`,
        ),
        transferWithoutPaid: await one(
          sql`select count(*) as n from ledger_transfers t where t.kind = 'order_payment' and not exists (select 1 from orders o where o.id = t.reference_id and o.paid_at_ms is not null)`,
        ),
      }
    })
  const pass =
    trial.totalCents === 0 &&
    auditMismatches.length === 0 &&
    ordersPaidTwice === 0 &&
    paidWithoutTransfer === 0 &&
    transferWithoutPaid === 0 &&
    paidOrders === orderPaymentTransfers
  return {
    trialBalanceTotalCents: trial.totalCents,
    auditMismatches,
    paidOrders,
    orderPaymentTransfers,
    ordersPaidTwice,
    paidWithoutTransfer,
    transferWithoutPaid,
    pass,
  }
}

export interface DuplicateKeyCheck {
  orderId: number
  statuses: number[]
  paymentTransfers: number
  pass: boolean
}

/** Sends the same payment with the same Idempotency-Key twice at once; it must pay once. */
export async function duplicateKeyCheck(db: Db, url: string, order: PoolOrder): Promise<DuplicateKeyCheck> {
  const key = `bench-dup-${order.orderId}-${Date.now()}`
  const send = () =>
    fetch(`${url}/api/orders/pay`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', token: order.buyer.token, 'idempotency-key': key },
      body: JSON.stringify({ orderIds: [order.orderId], paymentPassword }),
      signal: AbortSignal.timeout(30_000),
    }).then(async (r) => {
      await r.arrayBuffer()
      return r.status
    })
  const statuses = await Promise.all([send(), send()])
  // A third, later send with the same key must replay the first answer, not pay again.
  statuses.push(await send())
  const row = await sql<{
    n: number | string
  }>`select count(*) as n from ledger_transfers where kind = 'order_payment' and reference_id = ${order.orderId}`.execute(db.kysely)
  const paymentTransfers = Number(row.rows[0]?.n ?? 0)
  return {
    orderId: order.orderId,
    statuses,
    paymentTransfers,
    pass: paymentTransfers === 1 && statuses.some((s) => s === 200) && statuses.every((s) => s === 200 || s === 409),
  }
}
