import type { WalletSummary } from '@bazaar/contract/wallet'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { formatUsdInText } from '../../../shared/format/numbers'
import { useLocale } from '../../../shared/i18n/language'
import { paths } from '../../../shared/paths'
import { Money } from '../../../shared/ui/Money'
import styles from './BalanceCard.module.css'

/** The wallet's balances in dollars (issue 22) and its two actions (SPEC §2 money). Frozen: the actions are off. */
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
        <Money cents={summary.availableCents} className={styles.amount} testId="wallet-available" />
      ) : (
        <span className={`${styles.amount} ${styles.placeholder}`}>—</span>
      )}
      {summary && summary.heldCents > 0 && (
        <span className={styles.held} data-testid="wallet-held">
          {t('money.held', { amount: formatUsdInText(summary.heldCents, locale) })}
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
