import { CheckCircleFilled, WarningFilled } from '@ant-design/icons'
import { formatUsdt } from '@bazaar/contract/money-format'
import { Card, Table, Typography } from 'antd'
import { useTranslation } from 'react-i18next'
import { QueryError } from '../../../shared/ui/QueryError'
import { Usdt } from '../../../shared/ui/Usdt'
import { type KindBalance, useTrialBalance } from '../api/get-trial-balance'
import { kindLabel } from '../labels'

/** The trial balance: its total in large type (green ✓ at zero, red otherwise), then sums by kind. */
export function TrialBalanceCard() {
  const { t, i18n } = useTranslation()
  const balance = useTrialBalance()
  if (balance.isError) return <QueryError error={balance.error} retry={balance.refetch} />
  const total = balance.data?.totalCents
  const balanced = total === 0

  return (
    <Card loading={balance.isPending} title={t('ledger.trialBalance')}>
      {total !== undefined ? (
        <div
          className={balanced ? 'trial-total trial-total--ok' : 'trial-total trial-total--off'}
          data-testid="trial-total"
          data-cents={total}
          role="status"
        >
          {balanced ? <CheckCircleFilled /> : <WarningFilled />}
          <span>{t(balanced ? 'ledger.totalOk' : 'ledger.totalOff', { amount: formatUsdt(total, i18n.language) })}</span>
        </div>
      ) : null}
      <Typography.Paragraph type="secondary">{t(balanced ? 'ledger.totalOkHint' : 'ledger.totalOffHint')}</Typography.Paragraph>
      <Table<KindBalance>
        rowKey="kind"
        size="small"
        pagination={false}
        dataSource={balance.data?.byKind ?? []}
        scroll={{ x: 'max-content' }}
        columns={[
          {
            title: t('ledger.col.kind'),
            dataIndex: 'kind',
            render: (kind: string) => kindLabel(t, kind),
          },
          { title: t('ledger.col.accounts'), dataIndex: 'accounts', align: 'end' },
          { title: t('ledger.col.balance'), dataIndex: 'balanceCents', align: 'end', render: (c: number) => <Usdt cents={c} /> },
        ]}
        data-testid="trial-by-kind"
      />
    </Card>
  )
}
