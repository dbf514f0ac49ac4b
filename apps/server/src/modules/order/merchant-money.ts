import type { Trx } from '../../db/database.ts'
import { shopNames } from '../catalog/service.ts'
import { recordWebhookEvents } from '../integrations/outbox-service.ts'
import { settleEscrowToMerchant } from '../wallet/escrow-service.ts'
import { orderMoney } from '../wallet/merchant-service.ts'
import * as repo from './repo.ts'

/**
 * The merchant's money at an order's end (ARCHITECTURE.md money flows), inside the caller's
 * transaction: what is left in escrow settles to the merchant's available balance, and the
 * order keeps its profit (settled − purchase paid less returned, from its transfers) for the
 * dashboard.
 * @returns the settled cents
 */
export async function settleAndKeepProfit(trx: Trx, order: { id: number; user_id: number; shop_id: number }): Promise<number> {
  const shop = (await shopNames(trx, [order.shop_id])).get(order.shop_id)
  if (!shop) throw new Error(`shop ${order.shop_id} of order ${order.id} is missing`)
  const settled = await settleEscrowToMerchant(trx, order.user_id, { orderId: order.id, shopId: order.shop_id }, shop.ownerUserId)
  const money = (await orderMoney(trx, [order.id])).get(order.id)!
  await repo.setProfit(trx, order.id, money.settledCents - money.purchasePaidCents + money.purchaseReturnedCents)
  await recordWebhookEvents(trx, [
    { shopId: order.shop_id, type: 'settlement.credited', data: { orderId: order.id, amountCents: settled } },
  ])
  return settled
}

/** The user id of a shop's merchant. */
export async function merchantOf(trx: Trx, shopId: number): Promise<number> {
  const shop = (await shopNames(trx, [shopId])).get(shopId)
  if (!shop) throw new Error(`shop ${shopId} is missing`)
  return shop.ownerUserId
}
