import type { Reconciliation } from '@bazaar/contract/chain'
import { Card, Table, Tag } from 'antd'
import { useTranslation } from 'react-i18next'
import { Usdt } from '../../../shared/ui/Usdt'

type Flows = Reconciliation['flows'][number]
type Tally = { count: number; cents: number }

/** A count of deposits with their sum. */
function TallyCell({ tally, alarm = false }: { tally: Tally; alarm?: boolean }) {
  const { i18n } = useTranslation()
  return (
    <span>
      {alarm && tally.count > 0 ? (
        <Tag color="red">{new Intl.NumberFormat(i18n.language).format(tally.count)}</Tag>
      ) : (
        new Intl.NumberFormat(i18n.language).format(tally.count)
      )}{' '}
      · <Usdt cents={tally.cents} />
    </span>
  )
}

/** Per EVM network: deposits seen, credited, pending, matched, below minimum, dropped, reorged after credit, credited by hand; dust; payouts. */
export function FlowsTable({ flows }: { flows: Flows[] }) {
  const { t } = useTranslation()
  const tally = (key: keyof Flows, alarm = false) => ({
    title: t(`reconciliation.flow.${key as 'seen'}`),
    dataIndex: key,
    render: (value: Tally) => <TallyCell tally={value} alarm={alarm} />,
  })
  return (
    <Card title={t('reconciliation.flows')}>
      <Table<Flows>
        rowKey="networkCode"
        size="small"
        pagination={false}
        scroll={{ x: 'max-content' }}
        dataSource={flows}
        data-testid="flows-table"
        columns={[
          { title: t('reconciliation.col.network'), dataIndex: 'networkCode', fixed: 'start' },
          tally('seen'),
          tally('credited'),
          tally('pending'),
          tally('matched'),
          tally('belowMinimum'),
          tally('creditedByHand'),
          tally('dropped'),
          tally('reorgedCredits', true),
          { title: t('reconciliation.flow.dust'), dataIndex: 'dustCents', align: 'end', render: (c: number) => <Usdt cents={c} /> },
          {
            title: t('reconciliation.flow.payouts'),
            dataIndex: 'payouts',
            render: (p: Flows['payouts']) => (
              <span>
                {t('reconciliation.payoutCounts', { ok: p.ok, pending: p.pending })}{' '}
                <Tag color={p.flagged > 0 ? 'red' : 'default'}>{t('reconciliation.flagged', { count: p.flagged })}</Tag>
              </span>
            ),
          },
        ]}
      />
    </Card>
  )
}
