import { useTranslation } from 'react-i18next'
import { formatRelativeTime } from '../../../shared/format/time'
import { useLocale } from '../../../shared/i18n/language'
import { useMinuteTick } from '../hooks/useMinuteTick'

/**
 * When a message came (SPEC §9 relative time, second reading: under 5 minutes 'just now',
 * then minutes, hours, days under 30 days, then the date), kept current minute by minute.
 */
export function TimeText({ atMs, className, testId }: { atMs: number; className?: string; testId?: string }) {
  const { t } = useTranslation('messages')
  const { locale } = useLocale()
  useMinuteTick()
  return (
    <time className={className} dateTime={new Date(atMs).toISOString()} data-testid={testId}>
      {formatRelativeTime(atMs, Date.now(), locale, t('justNow'))}
    </time>
  )
}
