import { useTranslation } from 'react-i18next'
import { formatRelativeTime } from '../../../shared/format/time'
import { useLocale } from '../../../shared/i18n/language'

/** When a message came (SPEC §9 relative time: just now, minutes, hours, days, then the date). */
export function TimeText({ atMs, className }: { atMs: number; className?: string }) {
  const { t } = useTranslation('messages')
  const { locale } = useLocale()
  return (
    <time className={className} dateTime={new Date(atMs).toISOString()}>
      {formatRelativeTime(atMs, Date.now(), locale, t('justNow'))}
    </time>
  )
}
