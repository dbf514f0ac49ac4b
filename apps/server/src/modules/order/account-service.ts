import type { OrderStatus } from '@bazaar/contract/orders-values'
import type { Trx } from '../../db/database.ts'
import * as repo from './repo.ts'

/** Order states whose money is not settled yet: paid into escrow, or still to be paid or refunded. */
const openStatuses: readonly OrderStatus[] = ['pending_payment', 'to_ship', 'to_receive', 'to_review']

/**
 * A buyer's open business with the order module, for the account's cancellation (SPEC §6):
 * orders not completed or cancelled (their escrow or a refund may still come back to the
 * buyer) and refunds waiting for the merchant. Read-only, in the caller's transaction.
 */
export async function openBusinessOf(trx: Trx, userId: number): Promise<{ openOrders: number; openRefunds: number }> {
  const byStatus = await repo.countOrdersByStatus(trx, userId)
  const openOrders = byStatus.filter((r) => openStatuses.includes(r.status)).reduce((sum, r) => sum + Number(r.n), 0)
  return { openOrders, openRefunds: await repo.countOpenRefunds(trx, userId) }
}

/**
 * The order numbers of orders by id, for the wallet's records (SPEC §3 Order number: a
 * record of an order's money names its order). Read-only, in the caller's transaction.
 */
export async function orderNumbers(trx: Trx, orderIds: number[]): Promise<Map<number, string>> {
  const rows = await repo.findOrders(trx, [...new Set(orderIds)])
  return new Map(rows.map((o) => [o.id, o.order_no]))
}
