import { useTranslation } from 'react-i18next'
import styles from './HiddenNotice.module.css'

/** Tells the author that operators hid their review, and why (the reason is the operator's own text). */
export function HiddenNotice({ reason }: { reason: string | null }) {
  const { t } = useTranslation(['common', 'orders'])
  return (
    <div className={styles.notice} role="note" data-testid="review-hidden">
      <div>
        <strong>{t('orders:review.hidden')}</strong>
        {reason && (
          <p className={styles.reason} dir="auto">
            {t('orders:review.hiddenReason', { reason })}
          </p>
        )}
      </div>
    </div>
  )
}
