import { useTranslation } from 'react-i18next'
import { formatDateTime } from '../../../shared/format/time'
import { useLocale } from '../../../shared/i18n/language'
import styles from './LogisticsTimeline.module.css'
import trail from './Timeline.module.css'

/** The delivery's steps, newest first, with the carrier and tracking number above them. */
export function LogisticsTimeline({
  carrier,
  trackingNo,
  events,
}: {
  carrier: string | null
  trackingNo: string | null
  events: { atMs: number; description: string }[]
}) {
  const { t } = useTranslation(['common', 'orders'])
  const { locale } = useLocale()
  // The trail only grows: an event's place from the first one is its lasting identity.
  const newestFirst = events.map((event, sequence) => ({ ...event, sequence })).reverse()
  return (
    <div className={styles.box}>
      {carrier && (
        <dl className={styles.carrier}>
          <dt>{t('orders:detail.carrier')}</dt>
          <dd dir="auto">{carrier}</dd>
          <dt>{t('orders:detail.trackingNo')}</dt>
          <dd dir="ltr" data-testid="tracking-no">
            {trackingNo}
          </dd>
        </dl>
      )}
      {newestFirst.length === 0 ? (
        <p className={styles.none}>{t('orders:detail.noLogistics')}</p>
      ) : (
        <ol className={trail.timeline} data-testid="logistics">
          {newestFirst.map((event, i) => (
            <li
              key={event.sequence}
              className={i === 0 ? `${trail.event} ${styles.event} ${styles.latest}` : `${trail.event} ${styles.event}`}
            >
              <span className={styles.text} dir="auto">
                {event.description}
              </span>
              <time className={styles.time} dateTime={new Date(event.atMs).toISOString()}>
                {formatDateTime(event.atMs, locale)}
              </time>
            </li>
          ))}
        </ol>
      )}
    </div>
  )
}
