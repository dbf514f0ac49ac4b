import { Card, Empty, Table } from 'antd'
import { useTranslation } from 'react-i18next'
import { DateTime } from '../../../shared/ui/DateTime'
import { LoadMore } from '../../../shared/ui/LoadMore'
import { QueryError } from '../../../shared/ui/QueryError'
import { Usdt } from '../../../shared/ui/Usdt'
import { type LedgerTransfer, useTransfers } from '../api/get-transfers'
import { accountLabel, referenceLabel } from '../labels'

/** Every transfer moves an amount from a debit account to a credit account; newest first. */
export function TransfersTable() {
  const { t } = useTranslation()
  const transfers = useTransfers()
  return (
    <Card title={t('ledger.transfers')}>
      {transfers.isError ? (
        <QueryError error={transfers.error} retry={transfers.refetch} />
      ) : (
        <Table<LedgerTransfer>
          rowKey="id"
          size="small"
          pagination={false}
          loading={transfers.isPending}
          dataSource={transfers.data ?? []}
          scroll={{ x: 'max-content' }}
          locale={{ emptyText: <Empty description={t('ledger.emptyTransfers')} /> }}
          columns={[
            { title: t('ledger.col.id'), dataIndex: 'id', width: 70 },
            { title: t('ledger.col.time'), dataIndex: 'createdAtMs', render: (ms: number) => <DateTime ms={ms} /> },
            {
              title: t('ledger.col.transferKind'),
              dataIndex: 'kind',
              render: (kind: string) => t(`ledger.transferKinds.${kind}` as 'ledger.transferKinds.recharge', { defaultValue: kind }),
            },
            {
              title: t('ledger.col.debit'),
              dataIndex: 'debitCode',
              render: (code: string) => <span title={code}>{accountLabel(t, code)}</span>,
            },
            {
              title: t('ledger.col.credit'),
              dataIndex: 'creditCode',
              render: (code: string) => <span title={code}>{accountLabel(t, code)}</span>,
            },
            { title: t('ledger.col.amount'), dataIndex: 'amountCents', align: 'end', render: (c: number) => <Usdt cents={c} /> },
            {
              title: t('ledger.col.reference'),
              key: 'reference',
              render: (_: unknown, row) => referenceLabel(t, row.referenceType, row.referenceId),
            },
          ]}
          data-testid="transfers-table"
        />
      )}
      <LoadMore
        hasNextPage={transfers.hasNextPage}
        isFetchingNextPage={transfers.isFetchingNextPage}
        fetchNextPage={transfers.fetchNextPage}
      />
    </Card>
  )
}
