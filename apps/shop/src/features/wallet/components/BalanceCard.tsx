import { formatUsdt } from '@bazaar/contract/money-format'
import type { WalletSummary } from '@bazaar/contract/wallet'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { useLocale } from '../../../shared/i18n/language'
import { paths } from '../../../shared/paths'
import styles from './BalanceCard.module.css'
import { Usdt } from './Usdt'

/** The wallet's balances and its two actions (SPEC §2 money). Frozen: the actions are off. */
export function BalanceCard({ summary }: { summary: WalletSummary | undefined }) {
  const { t } = useTranslation('wallet')
  const { locale } = useLocale()
  const frozen = summary?.walletStatus === 'frozen'
  return (
    <section className={styles.card} aria-labelledby="balance-label">
      <span className={styles.label} id="balance-label">
        {t('money.available')}
      </span>
      {summary ? (
        <Usdt cents={summary.availableCents} className={styles.amount} unitClassName={styles.unit} testId="wallet-available" />
      ) : (
        <span className={`${styles.amount} ${styles.placeholder}`}>—</span>
      )}
      {summary && summary.heldCents > 0 && (
        <span className={styles.held} data-testid="wallet-held">
          {t('money.held', { amount: formatUsdt(summary.heldCents, locale) })}
        </span>
      )}
      <div className={styles.actions}>
        {frozen ? (
          <>
            <span className={`${styles.action} ${styles.disabled}`} aria-disabled="true">
              {t('money.recharge')}
            </span>
            <span className={`${styles.action} ${styles.secondary} ${styles.disabled}`} aria-disabled="true">
              {t('money.withdraw')}
            </span>
          </>
        ) : (
          <>
            <Link to={paths.recharge} className={styles.action} data-testid="to-recharge">
              {t('money.recharge')}
            </Link>
            <Link to={paths.withdrawal} className={`${styles.action} ${styles.secondary}`} data-testid="to-withdraw">
              {t('money.withdraw')}
            </Link>
          </>
        )}
      </div>
    </section>
  )
}
