import { type CaseSide, caseDeadline } from '@bazaar/contract/aftersales-values'
import type { Refund } from '@bazaar/contract/orders'
import { useTranslation } from 'react-i18next'
import { useNow } from '../countdown'
import styles from './CaseDeadline.module.css'
import { Countdown } from './Countdown'

/** `onBrand`: on the case page's coloured banner (white, larger). */
type Props = { refund: Refund; viewer: CaseSide; onExpire?: () => void; onBrand?: boolean }

/**
 * What a case waits for and the time left, both sides reading the same stored deadline
 * (contract `caseDeadline`; SPEC §4's '23 h 59 min 51 s' is the shop's answer): who must act,
 * in the reader's words, and the countdown. Once it passes, the sweep moves the case within
 * 30 s (the operators' deadline moves nothing: the dispute waits, overdue). Nothing once the
 * case ended.
 */
export function CaseDeadline({ refund, viewer, onExpire, onBrand = false }: Props) {
  const { t } = useTranslation('orders')
  const deadline = caseDeadline(refund)
  const now = useNow(deadline !== null)
  if (deadline === null || refund.status === 'succeeded' || refund.status === 'closed') return null
  const step = refund.status as Exclude<Refund['status'], 'succeeded' | 'closed'>
  const passed = deadline.atMs <= now
  return (
    <p className={onBrand ? `${styles.deadline} ${styles.onBrand}` : styles.deadline} data-testid="case-deadline" data-by={deadline.by}>
      {passed ? (
        t(step === 'disputed' ? 'case.deadline.overdue' : 'case.deadline.passed')
      ) : (
        <>
          {t(`case.deadline.${step}.${viewer}`)} <Countdown untilMs={deadline.atMs} className={styles.clock} onExpire={onExpire} />
        </>
      )}
    </p>
  )
}
