import { type DisputeStatus, disputeStatuses } from '@bazaar/contract/aftersales-values'
import type { AdminDispute } from '@bazaar/contract/disputes'
import { Empty, Table, Tabs, Tag, Typography } from 'antd'
import type { ColumnsType } from 'antd/es/table'
import { useTranslation } from 'react-i18next'
import { useNavigate, useSearchParams } from 'react-router'
import { DateTime } from '../../../shared/ui/DateTime'
import { LoadMore } from '../../../shared/ui/LoadMore'
import { PageHeader } from '../../../shared/ui/PageHeader'
import { QueryError } from '../../../shared/ui/QueryError'
import { Usdt } from '../../../shared/ui/Usdt'
import { useDisputes } from '../api/get-disputes'

/**
 * The disputes queue (issue 23): after-sales cases a buyer or merchant asked the platform to
 * decide, oldest first, the tab kept in the URL. An open dispute past the operators'
 * deadline is marked overdue (the deadline moves nothing by itself). A row opens the dispute
 * with the evidence side by side, where it is decided.
 */
export function DisputesPage() {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const [params, setParams] = useSearchParams()
  const status = disputeStatuses.find((s) => s === params.get('status')) ?? 'open'
  const disputes = useDisputes(status)

  const columns: ColumnsType<AdminDispute> = [
    { title: t('disputes.col.id'), dataIndex: 'id', width: 64 },
    {
      title: t('disputes.col.case'),
      key: 'case',
      render: (_: unknown, d) => (
        <div className="two-lines">
          <Typography.Link onClick={() => navigate(`/disputes/${d.id}`)} data-testid="dispute-open" dir="ltr">
            {d.refundNo}
          </Typography.Link>
          <Typography.Text type="secondary" dir="ltr">
            {d.orderNo}
          </Typography.Text>
        </div>
      ),
    },
    {
      title: t('disputes.col.parties'),
      key: 'parties',
      render: (_: unknown, d) => (
        <div className="two-lines">
          <Typography.Text ellipsis={{ tooltip: d.shop.name }} style={{ maxWidth: 180 }} dir="auto">
            {d.shop.name}
          </Typography.Text>
          <Typography.Text type="secondary" ellipsis={{ tooltip: d.buyer.nickname }} style={{ maxWidth: 180 }} dir="auto">
            {d.buyer.nickname}
          </Typography.Text>
        </div>
      ),
    },
    {
      title: t('disputes.col.asked'),
      key: 'asked',
      align: 'end',
      render: (_: unknown, d) => (
        <div className="two-lines">
          <Usdt cents={d.amountCents} strong />
          <span>{t('disputes.units', { count: d.quantity })}</span>
        </div>
      ),
    },
    {
      title: t('disputes.col.opened'),
      key: 'opened',
      render: (_: unknown, d) => (
        <div className="two-lines">
          <DateTime ms={d.openedAtMs} />
          <Typography.Text type="secondary">{t(`disputes.openedBy.${d.openedBy}`)}</Typography.Text>
        </div>
      ),
    },
    status === 'open'
      ? {
          title: t('disputes.col.decideBy'),
          key: 'decideBy',
          render: (_: unknown, d) => (
            <div className="two-lines">
              <DateTime ms={d.decideByMs} />
              {d.overdue && (
                <span>
                  <Tag color="red" data-testid="dispute-overdue">
                    {t('disputes.overdue')}
                  </Tag>
                </span>
              )}
            </div>
          ),
        }
      : {
          title: t('disputes.col.decided'),
          key: 'decided',
          render: (_: unknown, d) => (
            <div className="two-lines">
              {d.decidedAtMs === null ? '—' : <DateTime ms={d.decidedAtMs} />}
              {d.status === 'refunded' && <Usdt cents={d.refundCents} />}
            </div>
          ),
        },
  ]

  return (
    <>
      <PageHeader title={t('disputes.title')} subtitle={t('disputes.subtitle')} />
      <Tabs
        activeKey={status}
        onChange={(key) => setParams({ status: key }, { replace: true })}
        items={disputeStatuses.map((s: DisputeStatus) => ({ key: s, label: t(`disputes.status.${s}`) }))}
      />
      {disputes.isError ? (
        <QueryError error={disputes.error} retry={disputes.refetch} />
      ) : (
        <Table<AdminDispute>
          rowKey="id"
          size="middle"
          columns={columns}
          dataSource={disputes.data ?? []}
          loading={disputes.isPending}
          pagination={false}
          scroll={{ x: 'max-content' }}
          locale={{ emptyText: <Empty description={t(`disputes.empty.${status}`)} /> }}
          data-testid="disputes-table"
        />
      )}
      <LoadMore
        hasNextPage={disputes.hasNextPage}
        isFetchingNextPage={disputes.isFetchingNextPage}
        fetchNextPage={disputes.fetchNextPage}
      />
    </>
  )
}
