import RightOutline from 'antd-mobile-icons/es/RightOutline'
import { useTranslation } from 'react-i18next'
import { Link, useSearchParams } from 'react-router'
import { useWallet } from '../../../shared/api/wallet/get-wallet'
import { paths } from '../../../shared/paths'
import { PageHeader } from '../../../shared/ui/PageHeader'
import { BalanceCard } from '../components/BalanceCard'
import { FrozenBanner } from '../components/FrozenBanner'
import { RecordList } from '../components/RecordList'
import { type RecordTab, recordTabs, TypeTabs } from '../components/TypeTabs'
import styles from './MoneyPage.module.css'

/**
 * /pages/member/money (SPEC §2 money): balances, recharge and withdraw, and the records with
 * their type filter (`?type=`, so back and reload keep it).
 */
export default function MoneyPage() {
  const { t } = useTranslation('wallet')
  const [params, setParams] = useSearchParams()
  const raw = params.get('type')
  const tab: RecordTab = (recordTabs as readonly string[]).includes(raw ?? '') ? (raw as RecordTab) : 'all'
  const wallet = useWallet()

  return (
    <div className={styles.page}>
      <PageHeader title={t('money.title')} />
      {wallet.data?.walletStatus === 'frozen' && <FrozenBanner />}
      <BalanceCard summary={wallet.data} />
      <Link to={paths.walletAddress} className={styles.row} data-testid="to-wallet-addresses">
        <span>{t('money.addresses')}</span>
        <RightOutline className="bz-flip" aria-hidden="true" />
      </Link>
      <h2 className={styles.heading}>{t('money.records')}</h2>
      <TypeTabs value={tab} onChange={(next) => setParams(next === 'all' ? {} : { type: next }, { replace: true })} />
      <RecordList tab={tab} />
    </div>
  )
}
