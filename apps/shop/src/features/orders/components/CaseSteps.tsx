import type { Refund } from '@bazaar/contract/orders'
import { useTranslation } from 'react-i18next'
import { formatDateTime } from '../../../shared/format/time'
import { useLocale } from '../../../shared/i18n/language'
import styles from './LogisticsTimeline.module.css'
import trail from './Timeline.module.css'

type Step = { key: string; atMs: number }

/**
 * A case's way so far, newest first, with each step's time (issue 23): asked, answered
 * (agreed, agreed with return, refused), the return shipped, the return found damaged or
 * missing, the platform asked, the platform's decision, the end. Each is said the same to
 * both sides.
 */
export function CaseSteps({ refund }: { refund: Refund }) {
  const { t } = useTranslation('orders')
  const { locale } = useLocale()
  const steps: Step[] = [{ key: 'applied', atMs: refund.appliedAtMs }]
  if (refund.respondedAtMs !== null) {
    const answer = refund.refuseReason !== null ? 'refused' : refund.returnByMs !== null ? 'agreedWithReturn' : 'agreed'
    steps.push({ key: answer, atMs: refund.respondedAtMs })
  }
  if (refund.returnShippedAtMs !== null) steps.push({ key: 'returnShipped', atMs: refund.returnShippedAtMs })
  if (refund.returnCheckedAtMs !== null)
    steps.push({ key: refund.returnProblem === null ? 'returnConfirmed' : 'returnRejected', atMs: refund.returnCheckedAtMs })
  if (refund.dispute) steps.push({ key: 'escalated', atMs: refund.dispute.openedAtMs })
  if (refund.dispute?.decidedAtMs) steps.push({ key: `decided.${refund.dispute.status}`, atMs: refund.dispute.decidedAtMs })
  // Ended by a step above (agreed, the return confirmed, the decision) or by the sweep at a deadline.
  if (refund.endedAtMs !== null) steps.push({ key: refund.status === 'succeeded' ? 'refunded' : 'closed', atMs: refund.endedAtMs })
  return (
    <ol className={trail.timeline} data-testid="case-steps">
      {steps.reverse().map((step, i) => (
        <li key={step.key} className={i === 0 ? `${trail.event} ${styles.event} ${styles.latest}` : `${trail.event} ${styles.event}`}>
          <span className={styles.text}>{t(`case.step.${step.key}` as 'case.step.applied')}</span>
          <time className={styles.time} dateTime={new Date(step.atMs).toISOString()}>
            {formatDateTime(step.atMs, locale)}
          </time>
        </li>
      ))}
    </ol>
  )
}
