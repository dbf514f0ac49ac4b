import type { Order } from '@bazaar/contract/orders'
import type { Db } from '../../db/database.ts'
import { AppError } from '../../platform/errors.ts'
import { runIdempotent } from '../../platform/idempotency.ts'
import { scorePerSale } from '../catalog/ranking.ts'
import { payIntoEscrow } from '../wallet/escrow.ts'
import { verifyPaymentPassword } from '../wallet/payment-password.ts'
import { storeOrderMessage } from './messages.ts'
import { orderDetails } from './queries.ts'

/**
 * Pays one or more of the buyer's unpaid orders from the wallet (SPEC §2 buy, §5). Each
 * order's amount moves to its own escrow in the same transaction that marks it paid; if
 * any order cannot be paid, none is. The order update is conditional on 'pending_payment'
 * and not expired, so twenty simultaneous payments of one order pay it once.
 * @throws 'set the payment password' (406) | 'payment password error' | 'Payment password locked' | 'Order not found' | 'Order status does not allow this' | 'Insufficient balance' | 'Money Status is locked' | 'Account is locked' | 'Idempotency key in use' | 'Idempotency key reused'
 */
export async function payOrders(
  db: Db,
  userId: number,
  body: { orderIds: number[]; paymentPassword: string },
  idempotencyKey: string | undefined,
): Promise<Order[]> {
  await verifyPaymentPassword(db, userId, body.paymentPassword)
  const orderIds = [...new Set(body.orderIds)].sort((a, b) => a - b)
  const paidIds = await runIdempotent(db, { userId, route: 'POST /orders/pay', key: idempotencyKey, body: { orderIds } }, async (trx) => {
    const nowMs = Date.now()
    for (const orderId of orderIds) {
      const order = await trx
        .updateTable('orders')
        .set({ status: 'to_ship', paid_at_ms: nowMs })
        .where('id', '=', orderId)
        .where('user_id', '=', userId)
        .where('status', '=', 'pending_payment')
        .where('pay_by_ms', '>', nowMs)
        .returning(['id', 'order_no', 'total_cents'])
        .executeTakeFirst()
      if (!order) {
        const exists = await trx
          .selectFrom('orders')
          .select('id')
          .where('id', '=', orderId)
          .where('user_id', '=', userId)
          .executeTakeFirst()
        throw new AppError(exists ? 'Order status does not allow this' : 'Order not found')
      }
      await payIntoEscrow(trx, userId, order.id, Number(order.total_cents))
      const lines = await trx
        .selectFrom('order_lines')
        .select(['listing_id', 'sku_id', 'quantity'])
        .where('order_id', '=', order.id)
        .execute()
      for (const line of lines) {
        await trx
          .updateTable('listing_skus')
          .set((eb) => ({ sales_count: eb('sales_count', '+', line.quantity) }))
          .where('listing_id', '=', line.listing_id)
          .where('sku_id', '=', line.sku_id)
          .execute()
        await trx
          .updateTable('listings')
          .set((eb) => ({
            sales_count: eb('sales_count', '+', line.quantity),
            recommend_score: eb('recommend_score', '+', scorePerSale * line.quantity),
          }))
          .where('id', '=', line.listing_id)
          .execute()
      }
      await storeOrderMessage(trx, {
        userId,
        title: 'Payment received',
        content: `Order ${order.order_no} is paid and waits for shipping.`,
        modules: 'payment',
        modulesId: order.id,
      })
    }
    return orderIds
  })
  return orderDetails(db.kysely, paidIds)
}
