import type { Kysely } from 'kysely'
import type { Database } from '../../db/schema.ts'

/**
 * Time rules of the order life, published in the app and changed by operators. Defaults:
 * unpaid orders cancel after 30 minutes; receipt is confirmed 7 days after shipping; the
 * after-sales window is 7 days after receipt; a merchant has 24 hours to answer a refund
 * (SPEC §4 countdown) before it is agreed automatically.
 */
export const orderSettingDefaults = {
  unpaid_cancel_ms: 30 * 60_000,
  auto_receive_ms: 7 * 24 * 60 * 60_000,
  after_sales_ms: 7 * 24 * 60 * 60_000,
  refund_response_ms: 24 * 60 * 60_000,
} as const
export type OrderSettings = Record<keyof typeof orderSettingDefaults, number>

/** The current settings: stored values over the defaults. */
export async function orderSettings(db: Kysely<Database>): Promise<OrderSettings> {
  const rows = await db.selectFrom('platform_settings').select(['key', 'value_ms']).execute()
  const stored = Object.fromEntries(rows.map((r) => [r.key, Number(r.value_ms)]))
  return Object.fromEntries(Object.entries(orderSettingDefaults).map(([k, v]) => [k, stored[k] ?? v])) as OrderSettings
}

/** Stores one setting (operators' console). */
export async function setOrderSetting(db: Kysely<Database>, key: keyof typeof orderSettingDefaults, valueMs: number): Promise<void> {
  await db
    .insertInto('platform_settings')
    .values({ key, value_ms: valueMs, updated_at_ms: Date.now() })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value_ms: valueMs, updated_at_ms: Date.now() }))
    .execute()
}

/** The settings in the published shape (camelCase milliseconds). */
export function toOrderRules(s: OrderSettings) {
  return {
    unpaidCancelMs: s.unpaid_cancel_ms,
    autoReceiveMs: s.auto_receive_ms,
    afterSalesMs: s.after_sales_ms,
    refundResponseMs: s.refund_response_ms,
  }
}
