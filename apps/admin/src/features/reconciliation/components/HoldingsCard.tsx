import { CheckCircleFilled, WarningFilled } from '@ant-design/icons'
import type { Reconciliation } from '@bazaar/contract/chain'
import { formatUsdt } from '@bazaar/contract/money-format'
import { Card, Descriptions, Table, Tag, Typography } from 'antd'
import { useTranslation } from 'react-i18next'
import { DateTime } from '../../../shared/ui/DateTime'
import { Usdt } from '../../../shared/ui/Usdt'

type Holdings = Reconciliation['holdings'][number]

/**
 * What the platform owes (−balance of custody) against what it holds on chain, with the
 * deposits held but not owed yet; the difference in large type, red with its figure when it
 * is not zero. Networks without a node here are listed as not read.
 */
export function HoldingsCard({ report }: { report: Reconciliation }) {
  const { t, i18n } = useTranslation()
  const agree = report.differenceCents === 0
  return (
    <Card title={t('reconciliation.holdings')}>
      <div
        className={agree ? 'trial-total trial-total--ok' : 'trial-total trial-total--off'}
        data-testid="custody-difference"
        data-cents={report.differenceCents}
        role="status"
      >
        {agree ? <CheckCircleFilled /> : <WarningFilled />}
        <span>
          {t(agree ? 'reconciliation.agree' : 'reconciliation.differ', { amount: formatUsdt(report.differenceCents, i18n.language) })}
        </span>
      </div>
      <Descriptions size="small" column={{ xs: 1, sm: 2, xl: 4 }} style={{ marginBlock: 16 }}>
        <Descriptions.Item label={t('reconciliation.held')}>
          <Usdt cents={report.heldCents} />
        </Descriptions.Item>
        <Descriptions.Item label={t('reconciliation.owed')}>
          <Usdt cents={report.owedCents} />
        </Descriptions.Item>
        <Descriptions.Item label={t('reconciliation.uncredited')}>
          <Usdt cents={report.uncreditedCents} />
        </Descriptions.Item>
        <Descriptions.Item label={t('reconciliation.readAt')}>
          <DateTime ms={report.readAtMs} />
        </Descriptions.Item>
      </Descriptions>
      <Typography.Paragraph type="secondary">{t('reconciliation.holdingsHint')}</Typography.Paragraph>
      <Table<Holdings>
        rowKey="networkCode"
        size="small"
        pagination={false}
        scroll={{ x: 'max-content' }}
        dataSource={report.holdings}
        data-testid="holdings-table"
        columns={[
          { title: t('reconciliation.col.network'), dataIndex: 'networkCode' },
          {
            title: t('reconciliation.col.read'),
            dataIndex: 'read',
            render: (read: boolean, row) =>
              read ? (
                <Tag color="green">{t('reconciliation.readYes', { count: row.addressesRead })}</Tag>
              ) : (
                <Tag>{t(`reconciliation.notRead.${(row.note ?? 'no_node') as 'no_node'}`)}</Tag>
              ),
          },
          { title: t('reconciliation.col.deposit'), dataIndex: 'depositCents', align: 'end', render: (c: number) => <Usdt cents={c} /> },
          { title: t('reconciliation.col.payout'), dataIndex: 'payoutCents', align: 'end', render: (c: number) => <Usdt cents={c} /> },
          { title: t('reconciliation.col.cold'), dataIndex: 'coldCents', align: 'end', render: (c: number) => <Usdt cents={c} /> },
          { title: t('reconciliation.col.total'), dataIndex: 'totalCents', align: 'end', render: (c: number) => <Usdt cents={c} strong /> },
        ]}
      />
    </Card>
  )
}
