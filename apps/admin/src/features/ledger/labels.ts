import type { TFunction } from 'i18next'

/**
 * Ledger names in the operator's language: account codes (`user:12:available`,
 * `escrow:7:order`, `shop:3:pending`, `platform:fees`), account kinds and transfer references.
 * A name the bundles do not know yet (a new kind) shows as the code itself.
 */
export function accountLabel(t: TFunction<'admin'>, code: string): string {
  const [type = '', middle = '', last] = code.split(':')
  if (last === undefined) return t(`ledger.kinds.${type}_${middle}` as 'ledger.kinds.platform_fees', { defaultValue: code })
  return t(`ledger.accounts.${type}_${last}` as 'ledger.accounts.user_available', { id: middle, defaultValue: code })
}

/** An account kind ('escrow_order' → 'Order escrow'). */
export function kindLabel(t: TFunction<'admin'>, kind: string): string {
  return t(`ledger.kinds.${kind}` as 'ledger.kinds.user_available', { defaultValue: kind })
}

/** What a transfer belongs to ('order', 12 → 'Order #12'). */
export function referenceLabel(t: TFunction<'admin'>, type: string, id: number): string {
  return t(`ledger.references.${type}` as 'ledger.references.order', { id, defaultValue: `${type} #${id}` })
}
