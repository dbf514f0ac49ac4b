import { Flex } from 'antd'
import { useTranslation } from 'react-i18next'
import { PageHeader } from '../../../shared/ui/PageHeader'
import { TransfersTable } from '../components/TransfersTable'
import { TrialBalanceCard } from '../components/TrialBalanceCard'

/** The books: the trial balance first (it must read zero), then the transfers behind it. */
export function LedgerPage() {
  const { t } = useTranslation()
  return (
    <>
      <PageHeader title={t('ledger.title')} subtitle={t('ledger.subtitle')} />
      <Flex vertical gap={16}>
        <TrialBalanceCard />
        <TransfersTable />
      </Flex>
    </>
  )
}
