import type { ChainDeposit } from '@bazaar/contract/chain'
import { useTranslation } from 'react-i18next'
import { useDeposits } from '../api/get-deposits'
import styles from './ChainDepositList.module.css'
import { Usdt } from './Usdt'

/** What a deposit's line says: its confirmations while it waits, then credited, matched, or not credited (below the minimum). */
function statusText(t: ReturnType<typeof useTranslation<'wallet'>>['t'], d: ChainDeposit): string {
  if (d.status === 'credited') return t('chain.credited')
  if (d.status === 'matched') return t('chain.matched')
  if (d.status === 'below_minimum') return t('chain.belowMinimum')
  return t('chain.confirming', { seen: d.confirmations, required: d.confirmationsRequired })
}

/**
 * The user's deposits seen on chain on one network, newest first, live over the socket:
 * "seen, 3 of 12 confirmations" with a bar, then "credited" (issue 21). A pending deposit
 * under the minimum says it will not be credited.
 */
export function ChainDepositList({ networkCode }: { networkCode: string }) {
  const { t } = useTranslation('wallet')
  const deposits = useDeposits(networkCode)
  const items = deposits.data ?? []
  return (
    <section className={styles.list} aria-labelledby="chain-deposits-title" aria-live="polite" data-testid="chain-deposits">
      <h2 className={styles.title} id="chain-deposits-title">
        {t('chain.deposits')}
      </h2>
      {items.length === 0 ? (
        <p className={styles.empty}>{deposits.isPending ? '\u00a0' : t('chain.noDeposits')}</p>
      ) : (
        items.map((d) => (
          <div key={d.id} className={styles.item} data-testid="chain-deposit" data-status={d.status} data-confirmations={d.confirmations}>
            <div className={styles.row}>
              <Usdt cents={d.amountCents} className={styles.amount} />
              <span className={d.status === 'credited' ? `${styles.status} ${styles.credited}` : styles.status}>{statusText(t, d)}</span>
            </div>
            {d.status === 'pending' && (
              <div
                className={styles.bar}
                role="progressbar"
                aria-label={t('chain.progress')}
                aria-valuemin={0}
                aria-valuemax={d.confirmationsRequired}
                aria-valuenow={d.confirmations}
              >
                <div className={styles.fill} style={{ width: `${(100 * d.confirmations) / d.confirmationsRequired}%` }} />
              </div>
            )}
            {d.belowMinimum && d.status === 'pending' && (
              <span className={`${styles.status} ${styles.warn}`}>{t('chain.belowMinimumSoon')}</span>
            )}
            <span className={styles.hash} dir="ltr" title={d.txHash}>
              {d.txHash}
            </span>
          </div>
        ))
      )}
    </section>
  )
}
