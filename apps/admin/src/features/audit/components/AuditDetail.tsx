import { formatUsdt } from '@bazaar/contract/money-format'
import { Typography } from 'antd'
import { useTranslation } from 'react-i18next'

/**
 * An audit entry's detail in words: amounts as USDT, a reject reason, and for a network change
 * only the fields that changed (before → after).
 */
export function AuditDetail({ detail }: { detail: Record<string, unknown> }) {
  const { t, i18n } = useTranslation()
  const show = (key: string, value: unknown) =>
    key.endsWith('Cents') && typeof value === 'number' ? formatUsdt(value, i18n.language) : value === '' ? '∅' : String(value)
  const parts: string[] = []

  if (typeof detail.amountCents === 'number') parts.push(t('audit.detail.amount', { amount: show('amountCents', detail.amountCents) }))
  if (typeof detail.feeCents === 'number') parts.push(t('audit.detail.fee', { amount: show('feeCents', detail.feeCents) }))
  if (typeof detail.userId === 'number') parts.push(t('audit.detail.user', { id: detail.userId }))
  if (typeof detail.reason === 'string') parts.push(t('audit.detail.reason', { reason: detail.reason }))

  const before = detail.before as Record<string, unknown> | undefined
  const after = detail.after as Record<string, unknown> | undefined
  if (after && typeof after === 'object') {
    for (const [key, value] of Object.entries(after)) {
      const old = before?.[key]
      if (old !== value) parts.push(`${key}: ${show(key, old)} → ${show(key, value)}`)
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
