import { randomInt } from 'node:crypto'
import type { Order } from '@bazaar/contract/orders'
import type { Kysely } from 'kysely'
import type { Db } from '../../db/database.ts'
import type { Database } from '../../db/schema.ts'
import { AppError } from '../../platform/errors.ts'
import { refundFromEscrow } from '../wallet/escrow.ts'
import { storeOrderMessage } from './messages.ts'
import { orderDetails, orderFor } from './queries.ts'
import { orderSettings } from './settings.ts'

const newRefundNo = (nowMs: number) =>
  `R${new Date(nowMs).toISOString().slice(0, 10).replaceAll('-', '')}${String(randomInt(0, 10_000_000_000)).padStart(10, '0')}`

/**
 * Applies for a refund of one line (SPEC §3 Refund, §4): at most what was paid for the
 * line less what was refunded, one open request per line, within the after-sales window
 * after receipt. The merchant has 24 hours (operator setting) before it is agreed automatically.
 * @throws 'Order not found' | 'Order status does not allow this' | 'after-sales time exceeded' | 'Refund amount exceeds what was paid' | 'A refund is already open for this item'
 */
export async function applyRefund(
  db: Db,
  userId: number,
  orderId: number,
  body: { lineId: number; amountCents: number; reason: string },
): Promise<Order> {
  const settings = await orderSettings(db.kysely)
  await db.kysely.transaction().execute(async (trx) => {
    const order = await orderFor(trx, { userId }, orderId)
    const nowMs = Date.now()
    if (!['to_ship', 'to_receive', 'to_review'].includes(order.status)) throw new AppError('Order status does not allow this')
    if (order.received_at_ms !== null && nowMs > order.received_at_ms + settings.after_sales_ms)
      throw new AppError('after-sales time exceeded')
    const line = await trx
      .selectFrom('order_lines')
      .select(['id', 'line_total_cents', 'refunded_cents'])
      .where('id', '=', body.lineId)
      .where('order_id', '=', order.id)
      .executeTakeFirst()
    if (!line) throw new AppError('Invalid parameters')
    if (body.amountCents > Number(line.line_total_cents) - Number(line.refunded_cents))
      throw new AppError('Refund amount exceeds what was paid')
    const open = await trx
      .selectFrom('refunds')
      .select('id')
      .where('order_line_id', '=', line.id)
      .where('status', '=', 'applied')
      .executeTakeFirst()
    if (open) throw new AppError('A refund is already open for this item')
    const refund = await trx
      .insertInto('refunds')
      .values({
        refund_no: newRefundNo(nowMs),
        order_id: order.id,
        order_line_id: line.id,
        user_id: userId,
        shop_id: order.shop_id,
        reason: body.reason,
        amount_cents: body.amountCents,
        status: 'applied',
        applied_at_ms: nowMs,
        respond_by_ms: nowMs + settings.refund_response_ms,
        responded_at_ms: null,
        refuse_reason: null,
      })
      .returning(['id', 'refund_no'])
      .executeTakeFirstOrThrow()
    await trx.updateTable('orders').set({ has_refund: 1 }).where('id', '=', order.id).execute()
    const merchant = await trx.selectFrom('shops').select('owner_user_id').where('id', '=', order.shop_id).executeTakeFirstOrThrow()
    await storeOrderMessage(trx, {
      userId: merchant.owner_user_id,
      title: 'Refund requested',
      content: `Refund ${refund.refund_no} on order ${order.order_no} waits for your answer.`,
      modules: 'refund',
      modulesId: refund.id,
    })
  })
  return (await orderDetails(db.kysely, [orderId]))[0]!
}

/**
 * Agrees a refund (merchant, or the sweep when the 24 hours have passed): the amount goes
 * back from the order's escrow to the buyer's wallet at once (refund succeeded). The line
 * and order keep the refunded total, bounded by CHECK constraints.
 * @param shopId the merchant's shop, or undefined for the sweep
 * @returns whether this call agreed it
 * @throws 'Order not found' (not this shop's refund) when called by a merchant
 */
export async function agreeRefund(db: Db, refundId: number, shopId: number | undefined, nowMs = Date.now()): Promise<boolean> {
  return db.kysely.transaction().execute(async (trx) => {
    let q = trx
      .updateTable('refunds')
      .set({ status: 'succeeded', responded_at_ms: nowMs })
      .where('id', '=', refundId)
      .where('status', '=', 'applied')
    q = shopId === undefined ? q.where('respond_by_ms', '<=', nowMs) : q.where('shop_id', '=', shopId)
    const refund = await q.returningAll().executeTakeFirst()
    if (!refund) {
      if (shopId !== undefined) await assertShopRefund(trx, refundId, shopId)
      return false
    }
    const amountCents = Number(refund.amount_cents)
    await trx
      .updateTable('order_lines')
      .set((eb) => ({ refunded_cents: eb('refunded_cents', '+', amountCents) }))
      .where('id', '=', refund.order_line_id)
      .execute()
    await trx
      .updateTable('orders')
      .set((eb) => ({ refunded_cents: eb('refunded_cents', '+', amountCents) }))
      .where('id', '=', refund.order_id)
      .execute()
    await refundFromEscrow(trx, refund.user_id, refund.order_id, amountCents, refund.id)
    await storeOrderMessage(trx, {
      userId: refund.user_id,
      title: 'Refund succeeded',
      content: `Refund ${refund.refund_no} was agreed; the money is back in your wallet.`,
      modules: 'refund',
      modulesId: refund.id,
    })
    return true
  })
}

async function assertShopRefund(trx: Kysely<Database>, refundId: number, shopId: number): Promise<void> {
  const refund = await trx
    .selectFrom('refunds')
    .select('status')
    .where('id', '=', refundId)
    .where('shop_id', '=', shopId)
    .executeTakeFirst()
  if (!refund) throw new AppError('Order not found')
  throw new AppError('Order status does not allow this')
}

/**
 * Refuses a refund with a reason (merchant); nothing moves.
 * @throws 'Order not found' | 'Order status does not allow this'
 */
export async function refuseRefund(db: Db, refundId: number, shopId: number, reason: string): Promise<void> {
  await db.kysely.transaction().execute(async (trx) => {
    const refund = await trx
      .updateTable('refunds')
      .set({ status: 'refused', responded_at_ms: Date.now(), refuse_reason: reason })
      .where('id', '=', refundId)
      .where('shop_id', '=', shopId)
      .where('status', '=', 'applied')
      .returning(['id', 'user_id', 'refund_no'])
      .executeTakeFirst()
    if (!refund) await assertShopRefund(trx, refundId, shopId)
    else
      await storeOrderMessage(trx, {
        userId: refund.user_id,
        title: 'Refund refused',
        content: `Refund ${refund.refund_no} was refused: ${reason}`,
        modules: 'refund',
        modulesId: refund.id,
      })
  })
}
