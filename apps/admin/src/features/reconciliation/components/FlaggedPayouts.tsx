import type { FlaggedPayout } from '@bazaar/contract/chain'
import { Card, Table, Tag } from 'antd'
import { useTranslation } from 'react-i18next'
import { DateTime } from '../../../shared/ui/DateTime'
import { HashText } from '../../../shared/ui/HashText'
import { QueryError } from '../../../shared/ui/QueryError'
import { Usdt } from '../../../shared/ui/Usdt'
import { useFlaggedPayouts } from '../api/get-flagged-payouts'

/** Approved payouts whose transaction the chain did not confirm, with why. */
export function FlaggedPayouts() {
  const { t } = useTranslation()
  const payouts = useFlaggedPayouts()
  if (payouts.isError) return <QueryError error={payouts.error} retry={payouts.refetch} />
  return (
    <Card title={t('reconciliation.flaggedPayouts')}>
      <Table<FlaggedPayout>
        rowKey="id"
        size="small"
        loading={payouts.isPending}
        pagination={false}
        scroll={{ x: 'max-content' }}
        dataSource={payouts.data ?? []}
        locale={{ emptyText: t('reconciliation.noFlaggedPayouts') }}
        data-testid="flagged-payouts"
        columns={[
          { title: t('reconciliation.col.withdrawal'), dataIndex: 'id', render: (id: number) => `#${id}` },
          { title: t('reconciliation.col.network'), dataIndex: 'networkCode' },
          { title: t('reconciliation.col.user'), dataIndex: 'userId', render: (id: number) => `#${id}` },
          { title: t('reconciliation.col.received'), dataIndex: 'receivedCents', align: 'end', render: (c: number) => <Usdt cents={c} /> },
          { title: t('reconciliation.col.to'), dataIndex: 'address', render: (a: string) => <HashText text={a} /> },
          { title: t('reconciliation.col.tx'), dataIndex: 'payoutTxHash', render: (h: string) => <HashText text={h} /> },
          {
            title: t('reconciliation.col.why'),
            dataIndex: 'note',
            render: (note: FlaggedPayout['note']) => <Tag color="error">{t(`review.payoutCheck.notes.${note}`)}</Tag>,
          },
          { title: t('reconciliation.col.checked'), dataIndex: 'checkedAtMs', render: (ms: number) => <DateTime ms={ms} /> },
        ]}
      />
    </Card>
  )
}
