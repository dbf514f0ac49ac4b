import { ReloadOutlined } from '@ant-design/icons'
import { Button, Flex, Skeleton } from 'antd'
import { useTranslation } from 'react-i18next'
import { PageHeader } from '../../../shared/ui/PageHeader'
import { QueryError } from '../../../shared/ui/QueryError'
import { useReconciliation } from '../api/get-reconciliation'
import { DepositLists } from '../components/DepositLists'
import { FlaggedPayouts } from '../components/FlaggedPayouts'
import { FlowsTable } from '../components/FlowsTable'
import { HoldingsCard } from '../components/HoldingsCard'

/**
 * Reconciliation (issue 21): what the platform owes against what it holds on chain (the
 * difference red when it is not zero), the flows of each network, the deposits that need an
 * operator (credit below-minimum ones by hand, with a reason) and the payouts the chain did
 * not confirm.
 */
export function ReconciliationPage() {
  const { t } = useTranslation()
  const report = useReconciliation()
  return (
    <>
      <PageHeader
        title={t('reconciliation.title')}
        subtitle={t('reconciliation.subtitle')}
        extra={
          <Button icon={<ReloadOutlined />} loading={report.isFetching} onClick={() => void report.refetch()} data-testid="reconcile-again">
            {t('reconciliation.readAgain')}
          </Button>
        }
      />
      {report.isError ? <QueryError error={report.error} retry={report.refetch} /> : null}
      {report.isPending ? <Skeleton active paragraph={{ rows: 8 }} /> : null}
      <Flex vertical gap={16}>
        {report.data ? <HoldingsCard report={report.data} /> : null}
        {report.data ? <FlowsTable flows={report.data.flows} /> : null}
        <DepositLists />
        <FlaggedPayouts />
      </Flex>
    </>
  )
}
