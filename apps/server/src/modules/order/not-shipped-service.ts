import { creditRules } from '@bazaar/contract/merchant-values'
import { orderTransitions, refundTransitions, shipByRefundReason } from '@bazaar/contract/orders-values'
import type { Db } from '../../db/database.ts'
import { recordShopSales } from '../catalog/inventory-service.ts'
import { addShopCredit } from '../catalog/shop-service.ts'
import { recordWebhookEvents } from '../integrations/outbox-service.ts'
import { storeOrderMessage } from './messages.ts'
import { newRefundNo, type RefundRow, refundUnits } from './refund-money.ts'
import { refundData } from './refund-service.ts'
import * as repo from './repo.ts'

/**
 * Refunds in full a paid order not shipped within the ship-by time (the sweep; SPEC §4,
 * order time rules): the order moves to 'refunded' first, conditionally, so of concurrent
 * sweeps exactly one refunds it (and a merchant shipping at the same moment either ships it
 * or finds it refunded). Each line's units left are refunded as a refund that succeeded
 * (an open request on a line becomes it), with the reason `shipByRefundReason`; the freight
 * goes back with the last; the shop's credit falls once.
 * @returns whether this call refunded it
 */
export async function refundNotShipped(db: Db, orderId: number, nowMs: number, shipByMs: number): Promise<boolean> {
  const { from, to } = orderTransitions.shipTimeout
  return db.kysely.transaction().execute(async (trx) => {
    const order = await repo.moveOrder(
      trx,
      undefined,
      orderId,
      from,
      { status: to, completed_at_ms: nowMs, has_refund: 1 },
      { paidAtOrBeforeMs: nowMs - shipByMs },
    )
    if (!order) return false
    const open = await repo.findOpenRefunds(trx, order.id)
    const decided: RefundRow[] = []
    let refundedUnits = 0
    for (const line of await repo.findLines(trx, [order.id])) {
      const left = line.quantity - Number(line.refunded_quantity)
      if (left <= 0) continue
      const pending = open.find((r) => r.order_line_id === line.id)
      let refund: RefundRow | undefined
      if (pending) {
        refund = await repo.decideRefund(
          trx,
          pending.id,
          refundTransitions.autoAgree,
          { responded_at_ms: nowMs },
          { shopId: order.shop_id },
        )
        if (refund && refund.quantity !== left) refund = await repo.setRefundQuantity(trx, refund.id, left)
      } else {
        const inserted = await repo.insertRefund(trx, {
          refund_no: newRefundNo(nowMs),
          order_id: order.id,
          order_line_id: line.id,
          user_id: order.user_id,
          shop_id: order.shop_id,
          reason: shipByRefundReason,
          quantity: left,
          // What the units left paid; refundUnits sets the exact share (the same, as they are the last).
          amount_cents: Number(line.net_paid_cents) - Number(line.refunded_cents),
          status: 'succeeded',
          applied_at_ms: nowMs,
          respond_by_ms: nowMs,
          responded_at_ms: nowMs,
          refuse_reason: null,
        })
        refund = await repo.findRefund(trx, inserted.id)
      }
      if (!refund) throw new Error(`refund of line ${line.id} could not be recorded`)
      await refundUnits(trx, refund, false)
      refundedUnits += refund.quantity
      decided.push(refund)
    }
    const decision = 'agreed' as const
    await recordWebhookEvents(
      trx,
      decided.map((r) => ({ shopId: r.shop_id, type: 'refund.decided', data: { ...refundData(r), decision } })),
    )
    // The shop's row once, after every line's listings: a row taken between two lines' would deadlock with a payment.
    await recordShopSales(trx, order.shop_id, -refundedUnits)
    await addShopCredit(trx, order.shop_id, creditRules.refundPoints)
    await storeOrderMessage(trx, {
      userId: order.user_id,
      key: 'order.notShipped',
      params: { orderNo: order.order_no },
      modules: 'order',
      modulesId: order.id,
    })
    return true
  })
}
