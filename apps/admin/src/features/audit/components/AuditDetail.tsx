import { Typography } from 'antd'
import { useTranslation } from 'react-i18next'
import { detailParts } from './detail-text'

/** An audit entry's detail in words (detail-text.ts), cut to one line with the whole on hover. */
export function AuditDetail({ action, detail }: { action: string; detail: Record<string, unknown> }) {
  const { t, i18n } = useTranslation()
  const parts = detailParts(t, i18n.language, action, detail)
  if (parts.length === 0) return <Typography.Text type="secondary">—</Typography.Text>
  const text = parts.join(' · ')
  return (
    <Typography.Text ellipsis={{ tooltip: text }} style={{ maxWidth: 360 }}>
      {text}
    </Typography.Text>
  )
}
