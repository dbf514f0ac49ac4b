import { formatUsdt } from '@bazaar/contract/money-format'
import type { TFunction } from 'i18next'
import { formatDuration } from '../../../shared/format/duration'

/**
 * An audit entry's detail as short phrases in the operator's language: amounts as USDT, the
 * user, shop, product and reason; for a change, only what changed (before → after), each
 * field named from the bundles — a settings object, one value (a credit score, a price) or
 * the bond level table, level by level.
 */
export function detailParts(t: TFunction<'admin'>, locale: string, action: string, detail: Record<string, unknown>): string[] {
  const show = (key: string, value: unknown): string => {
    if (value === undefined || value === null || value === '') return '∅'
    if (typeof value === 'boolean') return t(value ? 'audit.value.yes' : 'audit.value.no')
    if (key.endsWith('Cents') && typeof value === 'number') return formatUsdt(value, locale)
    if (key.endsWith('Ms') && typeof value === 'number') return formatDuration(value, locale)
    if (key === 'profitRatioBasisPoints' && typeof value === 'number') return `${value / 100} %`
    if (typeof value === 'number') return new Intl.NumberFormat(locale).format(value)
    return String(value)
  }
  const field = (key: string) => t(`audit.fields.${key}` as 'audit.fields.depositAddress', { defaultValue: key })
  const changes = (before: Record<string, unknown> | undefined, after: Record<string, unknown>) =>
    Object.entries(after)
      .filter(([key, value]) => key !== 'level' && JSON.stringify(before?.[key]) !== JSON.stringify(value))
      .map(([key, value]) => `${field(key)}: ${show(key, before?.[key])} → ${show(key, value)}`)
  const num = (key: string) => (typeof detail[key] === 'number' ? (detail[key] as number) : undefined)
  const parts: string[] = []

  if (num('amountCents') !== undefined) parts.push(t('audit.detail.amount', { amount: show('amountCents', detail.amountCents) }))
  if (num('feeCents') !== undefined) parts.push(t('audit.detail.fee', { amount: show('feeCents', detail.feeCents) }))
  if (num('userId') !== undefined) parts.push(t('audit.detail.user', { id: detail.userId }))
  if (num('shopId') !== undefined) parts.push(t('audit.detail.shop', { id: detail.shopId }))
  if (num('listingId') !== undefined) parts.push(t('audit.detail.listing', { id: detail.listingId }))
  if (num('fromLevel') !== undefined && num('toLevel') !== undefined)
    parts.push(t('audit.detail.levels', { from: detail.fromLevel, to: detail.toLevel }))
  if (num('returnedCents') !== undefined) parts.push(t('audit.detail.returned', { amount: show('returnedCents', detail.returnedCents) }))
  if (Array.isArray(detail.shelvedListingIds) && detail.shelvedListingIds.length > 0)
    parts.push(t('audit.detail.shelved', { count: detail.shelvedListingIds.length }))
  if (num('updated') !== undefined && num('refused') !== undefined)
    parts.push(t('audit.detail.csv', { updated: detail.updated, unchanged: detail.unchanged ?? 0, refused: detail.refused }))
  if (typeof detail.payoutTxHash === 'string') parts.push(t('audit.detail.payoutTx', { hash: detail.payoutTxHash }))
  if (typeof detail.reason === 'string') parts.push(t('audit.detail.reason', { reason: detail.reason }))

  const { before, after } = detail
  if (Array.isArray(after)) parts.push(...levelChanges(t, (before ?? []) as Level[], after as Level[], changes))
  else if (after !== null && typeof after === 'object')
    parts.push(...changes(before as Record<string, unknown>, after as Record<string, unknown>))
  else if (after !== undefined) {
    const key = action === 'catalogue.purchase_price' ? 'purchasePriceCents' : action === 'shop.credit' ? 'creditScore' : 'value'
    if (before !== after) parts.push(`${field(key)}: ${show(key, before)} → ${show(key, after)}`)
  }
  if (after !== undefined && parts.length === 0) parts.push(t('audit.detail.noChange'))
  return parts
}

type Level = Record<string, unknown> & { level: number }

/** The bond level table before and after, as the levels that changed, came or went. */
function levelChanges(
  t: TFunction<'admin'>,
  before: Level[],
  after: Level[],
  changes: (b: Record<string, unknown> | undefined, a: Record<string, unknown>) => string[],
): string[] {
  const parts: string[] = []
  for (const level of after) {
    const old = before.find((b) => b.level === level.level)
    if (!old) parts.push(t('audit.detail.levelAdded', { level: level.level }))
    else {
      const changed = changes(old, level)
      if (changed.length > 0) parts.push(t('audit.detail.levelChanged', { level: level.level, changes: changed.join(', ') }))
    }
  }
  for (const old of before) if (!after.some((a) => a.level === old.level)) parts.push(t('audit.detail.levelRemoved', { level: old.level }))
  return parts
}
