import { useTranslation } from 'react-i18next'
import { formatDateTime } from '../format/time'

export function DateTime({ ms }: { ms: number }) {
  const { i18n } = useTranslation()
  return (
    <time className="nowrap" dateTime={new Date(ms).toISOString()}>
      {formatDateTime(ms, i18n.language)}
    </time>
  )
}
