import { formatUsdt } from '@bazaar/contract/money-format'
import { Typography } from 'antd'
import type { TFunction } from 'i18next'
import { useTranslation } from 'react-i18next'

/** A duration in milliseconds in the largest whole unit: 1_800_000 → '30 min', 604_800_000 → '7 d'. */
function duration(t: TFunction<'admin'>, ms: number): string {
  const units = [
    ['days', 86_400_000],
    ['hours', 3_600_000],
    ['minutes', 60_000],
  ] as const
  for (const [unit, size] of units) if (ms >= size && ms % size === 0) return t(`audit.duration.${unit}`, { count: ms / size })
  return t('audit.duration.minutes', { count: Math.round(ms / 60_000) })
}

/**
 * An audit entry's detail in words: amounts as USDT, the user, product and reason, and for a
 * settings change only the fields that changed (before → after), each named from the bundles.
 */
export function AuditDetail({ detail }: { detail: Record<string, unknown> }) {
  const { t, i18n } = useTranslation()
  const show = (key: string, value: unknown): string => {
    if (value === undefined || value === null || value === '') return '∅'
    if (typeof value === 'boolean') return t(value ? 'audit.value.yes' : 'audit.value.no')
    if (key.endsWith('Cents') && typeof value === 'number') return formatUsdt(value, i18n.language)
    if (key.endsWith('Ms') && typeof value === 'number') return duration(t, value)
    return String(value)
  }
  const field = (key: string) => t(`audit.fields.${key}` as 'audit.fields.depositAddress', { defaultValue: key })
  const parts: string[] = []

  if (typeof detail.amountCents === 'number') parts.push(t('audit.detail.amount', { amount: show('amountCents', detail.amountCents) }))
  if (typeof detail.feeCents === 'number') parts.push(t('audit.detail.fee', { amount: show('feeCents', detail.feeCents) }))
  if (typeof detail.userId === 'number') parts.push(t('audit.detail.user', { id: detail.userId }))
  if (typeof detail.listingId === 'number') parts.push(t('audit.detail.listing', { id: detail.listingId }))
  if (typeof detail.payoutTxHash === 'string') parts.push(t('audit.detail.payoutTx', { hash: detail.payoutTxHash }))
  if (typeof detail.reason === 'string') parts.push(t('audit.detail.reason', { reason: detail.reason }))

  const before = detail.before as Record<string, unknown> | undefined
  const after = detail.after as Record<string, unknown> | undefined
  if (after && typeof after === 'object') {
    for (const [key, value] of Object.entries(after)) {
      const old = before?.[key]
      if (old !== value) parts.push(`${field(key)}: ${show(key, old)} → ${show(key, value)}`)
    }
    if (parts.length === 0) parts.push(t('audit.detail.noChange'))
  }

  if (parts.length === 0) return <Typography.Text type="secondary">—</Typography.Text>
  const text = parts.join(' · ')
  return (
    <Typography.Text ellipsis={{ tooltip: text }} style={{ maxWidth: 420 }}>
      {text}
    </Typography.Text>
  )
}
