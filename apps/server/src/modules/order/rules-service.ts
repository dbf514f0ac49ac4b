import type { OrderRules } from '@bazaar/contract/orders'
import type { Db, Trx } from '../../db/database.ts'
import { recordAudit } from '../../platform/audit.ts'
import * as repo from './repo.ts'

const dayMs = 24 * 60 * 60_000

/**
 * Time rules of the order life, published in the app and changed by operators. Defaults:
 * unpaid orders cancel after 30 minutes; receipt is confirmed 7 days after shipping; the
 * after-sales window is 7 days after receipt; a merchant has 24 hours to answer a case
 * (SPEC §4 countdown) before the sweep answers for them; a paid order not shipped within
 * 3 days is refunded in full (ship-by). After-sales steps (issue 23): the buyer ships a
 * return within 7 days, the merchant confirms its receipt within 7 days of its shipping,
 * either side escalates a refusal within 7 days, operators decide a dispute within 3 days.
 */
export const orderSettingDefaults = {
  unpaid_cancel_ms: 30 * 60_000,
  auto_receive_ms: 7 * dayMs,
  after_sales_ms: 7 * dayMs,
  refund_response_ms: dayMs,
  ship_by_ms: 3 * dayMs,
  return_ship_ms: 7 * dayMs,
  return_confirm_ms: 7 * dayMs,
  escalation_ms: 7 * dayMs,
  dispute_decision_ms: 3 * dayMs,
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
    returnShipMs: s.return_ship_ms,
    returnConfirmMs: s.return_confirm_ms,
    escalationMs: s.escalation_ms,
    disputeDecisionMs: s.dispute_decision_ms,
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
    const stored: OrderSettings = {
      unpaid_cancel_ms: rules.unpaidCancelMs,
      auto_receive_ms: rules.autoReceiveMs,
      after_sales_ms: rules.afterSalesMs,
      refund_response_ms: rules.refundResponseMs,
      ship_by_ms: rules.shipByMs,
      return_ship_ms: rules.returnShipMs,
      return_confirm_ms: rules.returnConfirmMs,
      escalation_ms: rules.escalationMs,
      dispute_decision_ms: rules.disputeDecisionMs,
    }
    for (const [key, valueMs] of Object.entries(stored)) await repo.upsertSetting(trx, key, valueMs, nowMs)
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
