import { formatUsdt } from '@bazaar/contract/money-format'
import type { WalletRecord } from '@bazaar/contract/wallet'
import { useTranslation } from 'react-i18next'
import { formatRelativeTime } from '../../../shared/format/time'
import { useLocale } from '../../../shared/i18n/language'
import styles from './RecordItem.module.css'
import { Usdt } from './Usdt'

/** Records that wait for an operator's review show their status; ledger lines are simply done. */
const reviewedKinds: readonly string[] = ['recharge', 'withdrawal']

/**
 * One wallet record: what (every kind of the contract's `walletRecordKinds` has its words), its
 * order's number when it concerns one, when, its review status and reject reason, and the
 * signed amount.
 */
export function RecordItem({ record, nowMs }: { record: WalletRecord; nowMs: number }) {
  const { t } = useTranslation('wallet')
  const { locale } = useLocale()
  const showStatus = reviewedKinds.includes(record.kind) || record.status !== 'approved'
  return (
    <li className={styles.item} data-testid="wallet-record" data-kind={record.kind} data-status={record.status}>
      <div className={styles.main}>
        <div className={styles.titleRow}>
          <span className={styles.title}>{t(`kind.${record.kind}`)}</span>
          {showStatus && (
            <span className={`${styles.status} ${styles[record.status]}`} data-testid="record-status">
              {t(`status.${record.status}`)}
            </span>
          )}
        </div>
        <span className={styles.meta}>
          <time dateTime={new Date(record.createdAtMs).toISOString()}>
            {formatRelativeTime(record.createdAtMs, nowMs, locale, t('time.justNow'))}
          </time>
          {record.networkCode && <> · {record.networkCode}</>}
        </span>
        {record.orderNo && (
          <span className={styles.meta} data-testid="record-order">
            {t('record.order', { orderNo: record.orderNo })}
          </span>
        )}
        {record.note && <span className={styles.note}>{t('record.reason', { reason: record.note })}</span>}
        {record.txHash && (
          <span className={styles.hash} data-testid="record-tx">
            {t('record.depositTx')} <bdi dir="ltr">{record.txHash}</bdi>
          </span>
        )}
        {record.payoutTxHash && (
          <span className={styles.hash} data-testid="payout-tx">
            {t('record.payoutTx')} <bdi dir="ltr">{record.payoutTxHash}</bdi>
          </span>
        )}
      </div>
      <div className={styles.side}>
        <Usdt
          cents={record.amountCents}
          signed
          className={`${styles.amount} ${record.amountCents > 0 ? styles.in : ''} ${record.status === 'rejected' ? styles.void : ''}`}
          testId="record-amount"
        />
        {record.feeCents > 0 && <span className={styles.fee}>{t('record.fee', { amount: formatUsdt(record.feeCents, locale) })}</span>}
      </div>
    </li>
  )
}

/** A record row's shape while the list loads (an `<li>`), so the list does not jump when it arrives. */
export function RecordItemSkeleton() {
  return (
    <li className={styles.item} aria-hidden="true">
      <div className={styles.main}>
        <span className={`${styles.skeletonLine} bz-shimmer`} />
        <span className={`${styles.skeletonShort} bz-shimmer`} />
      </div>
    </li>
  )
}
