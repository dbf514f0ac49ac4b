import type { Application } from '@bazaar/contract/merchant-application'
import Button from 'antd-mobile/es/components/button'
import CheckCircleFill from 'antd-mobile-icons/es/CheckCircleFill'
import ClockCircleFill from 'antd-mobile-icons/es/ClockCircleFill'
import CloseCircleOutline from 'antd-mobile-icons/es/CloseCircleOutline'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router'
import { formatDateTime } from '../../../shared/format/time'
import { useLocale } from '../../../shared/i18n/language'
import { paths } from '../../../shared/paths'
import styles from './ApplicationResult.module.css'

const icons = { under_review: <ClockCircleFill />, approved: <CheckCircleFill />, rejected: <CloseCircleOutline /> }

/** The review's result (SPEC §4): under review, opened successfully, or failed with the reason and a refill. */
export function ApplicationResult({ application, onRefill }: { application: Application; onRefill: () => void }) {
  const { t } = useTranslation('merchant')
  const { locale } = useLocale()
  const navigate = useNavigate()
  const { status } = application

  return (
    <section
      className={`${styles.result} ${styles[status]}`}
      data-testid="application-result"
      data-status={status}
      aria-labelledby="result-title"
    >
      <div className={styles.icon} aria-hidden="true">
        {icons[status]}
      </div>
      <h1 id="result-title" className={styles.title}>
        {t(`apply.result.${status}`)}
      </h1>
      {status === 'under_review' && <p className={styles.hint}>{t('apply.result.under_reviewHint')}</p>}
      {status === 'approved' && <p className={styles.hint}>{t('apply.result.approvedHint', { name: application.shopName })}</p>}
      {status === 'rejected' && (
        <div className={styles.reason}>
          <p className={styles.hint}>{t('apply.result.rejectedHint')}</p>
          <p className={styles.reasonText} dir="auto" data-testid="reject-reason">
            {application.rejectReason}
          </p>
        </div>
      )}
      <div className={styles.times}>
        <p>{t('apply.result.submittedAt', { time: formatDateTime(application.createdAtMs, locale) })}</p>
        {application.reviewedAtMs !== null && (
          <p>{t('apply.result.reviewedAt', { time: formatDateTime(application.reviewedAtMs, locale) })}</p>
        )}
      </div>
      {status === 'approved' && (
        <Button block shape="rounded" color="primary" onClick={() => navigate(paths.shopIndex, { replace: true })} data-testid="to-my-shop">
          {t('apply.result.toDashboard')}
        </Button>
      )}
      {status === 'rejected' && (
        <Button block shape="rounded" color="primary" onClick={onRefill} data-testid="refill">
          {t('apply.result.refill')}
        </Button>
      )}
    </section>
  )
}
