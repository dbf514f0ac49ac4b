import type { BondRequest } from '@bazaar/contract/bond'
import { useTranslation } from 'react-i18next'
import { formatDateTime } from '../../../shared/format/time'
import { useLocale } from '../../../shared/i18n/language'
import { Money } from '../../../shared/ui/Money'
import styles from './BondRequests.module.css'
import m from './merchant.module.css'

/** Every agreement of the shop (SPEC §4 Bond): kind, levels, amount, state and its timeline. */
export function BondRequests({ requests }: { requests: BondRequest[] }) {
  const { t } = useTranslation('merchant')
  const { locale } = useLocale()
  if (requests.length === 0) return <p className={m.muted}>{t('bond.noHistory')}</p>
  return (
    <ul className={styles.list} data-testid="bond-requests">
      {requests.map((r) => (
        <li key={r.id} className={styles.request} data-testid="bond-request" data-kind={r.kind} data-status={r.status}>
          <div className={styles.head}>
            <span className={styles.kind}>{t(`bond.kinds.${r.kind}`)}</span>
            <span className={r.status === 'disagree' ? `${m.badge} ${m.badgeGrey}` : m.badge} data-testid="bond-request-status">
              {t(`bond.states.${r.status}`)}
            </span>
          </div>
          <p className={styles.line}>
            {t('bond.fromTo', { from: r.fromLevel, to: r.toLevel })} · <Money cents={r.amountCents} />
          </p>
          {r.signerName && <p className={styles.line}>{t('bond.signedBy', { name: r.signerName })}</p>}
          {r.reason && (
            <p className={styles.line} dir="auto">
              {r.reason}
            </p>
          )}
          {r.rejectReason && (
            <p className={styles.refused} dir="auto">
              {t('bond.refusedBecause', { reason: r.rejectReason })}
            </p>
          )}
          <ol className={styles.timeline}>
            {r.timeline.map((step) => (
              <li key={`${step.status}-${step.atMs}`}>
                <span>{step.status === 'processing' ? t('bond.requested') : t(`bond.states.${step.status}`)}</span>
                <time dateTime={new Date(step.atMs).toISOString()}>{formatDateTime(step.atMs, locale)}</time>
              </li>
            ))}
          </ol>
        </li>
      ))}
    </ul>
  )
}
