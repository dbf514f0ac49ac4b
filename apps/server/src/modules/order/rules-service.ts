import type { OrderRules } from '@bazaar/contract/orders'
import type { Db, Trx } from '../../db/database.ts'
import { recordAudit } from '../../platform/audit.ts'
import * as repo from './repo.ts'

/**
 * Time rules of the order life, published in the app and changed by operators. Defaults:
 * unpaid orders cancel after 30 minutes; receipt is confirmed 7 days after shipping; the
 * after-sales window is 7 days after receipt; a merchant has 24 hours to answer a refund
 * (SPEC §4 countdown) before it is agreed automatically; a paid order not shipped within
 * 3 days is refunded in full (ship-by).
 */
export const orderSettingDefaults = {
  unpaid_cancel_ms: 30 * 60_000,
  auto_receive_ms: 7 * 24 * 60 * 60_000,
  after_sales_ms: 7 * 24 * 60 * 60_000,
  refund_response_ms: 24 * 60 * 60_000,
  ship_by_ms: 3 * 24 * 60 * 60_000,
} as const
export type OrderSettings = Record<keyof typeof orderSettingDefaults, number>

/** The current settings: stored values over the defaults. */
export async function orderSettings(trx: Trx): Promise<OrderSettings> {
  const stored = Object.fromEntries((await repo.findSettings(trx)).map((r) => [r.key, Number(r.value_ms)]))
  return Object.fromEntries(Object.entries(orderSettingDefaults).map(([k, v]) => [k, stored[k] ?? v])) as OrderSettings
}

/** The settings in the published shape (camelCase milliseconds). */
export function toOrderRules(s: OrderSettings): OrderRules {
  return {
    unpaidCancelMs: s.unpaid_cancel_ms,
    autoReceiveMs: s.auto_receive_ms,
    afterSalesMs: s.after_sales_ms,
    refundResponseMs: s.refund_response_ms,
    shipByMs: s.ship_by_ms,
  }
}

/** The published order time rules (GET /api/rules). */
export async function orderRules(trx: Trx): Promise<OrderRules> {
  return toOrderRules(await orderSettings(trx))
}

/** Changes the order time rules (operators' console) with an audit entry of before and after, in one transaction. */
export async function changeOrderRules(db: Db, operatorId: number, rules: OrderRules): Promise<OrderRules> {
  await db.kysely.transaction().execute(async (trx) => {
    const before = await orderRules(trx)
    const nowMs = Date.now()
    await repo.upsertSetting(trx, 'unpaid_cancel_ms', rules.unpaidCancelMs, nowMs)
    await repo.upsertSetting(trx, 'auto_receive_ms', rules.autoReceiveMs, nowMs)
    await repo.upsertSetting(trx, 'after_sales_ms', rules.afterSalesMs, nowMs)
    await repo.upsertSetting(trx, 'refund_response_ms', rules.refundResponseMs, nowMs)
    await repo.upsertSetting(trx, 'ship_by_ms', rules.shipByMs, nowMs)
    await recordAudit(trx, {
      operatorId,
      action: 'settings.orders',
      targetType: 'settings',
      targetId: 'orders',
      detail: { before, after: rules },
    })
  })
  return orderRules(db.kysely)
}
