import type { AdminBondRequest } from '@bazaar/contract/bond'
import { type BondAgreementStatus, bondAgreementStatuses } from '@bazaar/contract/bond-values'
import { formatUsdt } from '@bazaar/contract/money-format'
import { Empty, Table, Tabs, Tag, Typography } from 'antd'
import type { ColumnsType } from 'antd/es/table'
import { useTranslation } from 'react-i18next'
import { useSearchParams } from 'react-router'
import { DateTime } from '../../../shared/ui/DateTime'
import { DecisionActions } from '../../../shared/ui/DecisionActions'
import { LoadMore } from '../../../shared/ui/LoadMore'
import { PageHeader } from '../../../shared/ui/PageHeader'
import { QueryError } from '../../../shared/ui/QueryError'
import { Usdt } from '../../../shared/ui/Usdt'
import { useApproveBondRequest, useRejectBondRequest } from '../api/decide-bond-request'
import { useBondRequests } from '../api/get-bond-requests'

const kindColors = { upgrade: 'blue', lower: 'gold', refund: 'purple' } as const

/**
 * Bond agreements by state (SPEC §4 Bond), oldest first, tabs kept in the URL: merchants'
 * requests to lower the level or refund the bond wait here for approval or a refusal with a
 * reason; the other tabs keep what was decided and the upgrades merchants paid for.
 */
export function BondRequestsPage() {
  const { t, i18n } = useTranslation()
  const [params, setParams] = useSearchParams()
  const status = bondAgreementStatuses.find((s) => s === params.get('status')) ?? 'processing'
  const requests = useBondRequests(status)
  const approve = useApproveBondRequest()
  const reject = useRejectBondRequest()

  const text = (value: string | null, width = 200) =>
    value ? (
      <Typography.Paragraph ellipsis={{ rows: 2, tooltip: value }} style={{ maxWidth: width, marginBottom: 0 }} dir="auto">
        {value}
      </Typography.Paragraph>
    ) : (
      '—'
    )

  const columns: ColumnsType<AdminBondRequest> = [
    { title: t('bondRequests.col.id'), dataIndex: 'id', width: 64 },
    {
      title: t('bondRequests.col.shop'),
      key: 'shop',
      render: (_: unknown, r) => (
        <div className="two-lines">
          <Typography.Text strong ellipsis={{ tooltip: r.shopName }} style={{ maxWidth: 180 }} dir="auto">
            {r.shopName}
          </Typography.Text>
          <Typography.Text type="secondary">{t('bondRequests.shopId', { id: r.shopId })}</Typography.Text>
        </div>
      ),
    },
    {
      title: t('bondRequests.col.kind'),
      key: 'kind',
      render: (_: unknown, r) => (
        <div className="two-lines">
          <span>
            <Tag color={kindColors[r.kind]}>{t(`bondRequests.kind.${r.kind}`)}</Tag>
          </span>
          <span className="nowrap">{t('bondRequests.levels', { from: r.fromLevel, to: r.toLevel })}</span>
        </div>
      ),
    },
    {
      title: t('bondRequests.col.amount'),
      dataIndex: 'amountCents',
      align: 'end',
      render: (cents: number) => <Usdt cents={cents} strong />,
    },
    { title: t('bondRequests.col.reason'), dataIndex: 'reason', render: (reason: string) => text(reason) },
    { title: t('bondRequests.col.created'), dataIndex: 'createdAtMs', render: (ms: number) => <DateTime ms={ms} /> },
  ]
  if (status === 'processing')
    columns.push({
      title: t('bondRequests.col.actions'),
      key: 'actions',
      // Approving asks to confirm, saying what goes back to whom; refusing asks for the reason the merchant reads.
      render: (_: unknown, r) => (
        <DecisionActions
          target={{ id: r.id, shopName: r.shopName }}
          labels={{ approve: t('bondRequests.approve'), reject: t('bondRequests.reject') }}
          approve={{
            confirm: {
              title: t('bondRequests.approveTitle', { id: r.id }),
              description: t(`bondRequests.approveText.${r.kind === 'refund' ? 'refund' : 'lower'}`, {
                shop: r.shopName,
                level: r.toLevel,
                amount: formatUsdt(r.amountCents, i18n.language),
              }),
            },
            mutation: approve,
          }}
          reject={{
            reason: {
              title: t('bondRequests.rejectTitle', { id: r.id, shop: r.shopName }),
              label: t('bondRequests.reason'),
              hint: t('bondRequests.reasonHint'),
              required: t('bondRequests.reasonRequired'),
            },
            mutation: reject,
          }}
          size="small"
        />
      ),
    })
  else
    columns.push({
      title: t('bondRequests.col.decided'),
      dataIndex: 'decidedAtMs',
      render: (ms: number | null) => (ms === null ? '—' : <DateTime ms={ms} />),
    })
  if (status === 'disagree')
    columns.push({ title: t('bondRequests.col.rejectReason'), dataIndex: 'rejectReason', render: (reason: string | null) => text(reason) })

  return (
    <>
      <PageHeader title={t('bondRequests.title')} subtitle={t('bondRequests.subtitle')} />
      <Tabs
        activeKey={status}
        onChange={(key) => setParams({ status: key }, { replace: true })}
        items={bondAgreementStatuses.map((s: BondAgreementStatus) => ({ key: s, label: t(`bondRequests.status.${s}`) }))}
      />
      {requests.isError ? (
        <QueryError error={requests.error} retry={requests.refetch} />
      ) : (
        <Table<AdminBondRequest>
          rowKey="id"
          size="middle"
          columns={columns}
          dataSource={requests.data ?? []}
          loading={requests.isPending}
          pagination={false}
          scroll={{ x: 'max-content' }}
          locale={{ emptyText: <Empty description={t(`bondRequests.empty.${status}`)} /> }}
          data-testid="bond-requests-table"
        />
      )}
      <LoadMore
        hasNextPage={requests.hasNextPage}
        isFetchingNextPage={requests.isFetchingNextPage}
        fetchNextPage={requests.fetchNextPage}
      />
    </>
  )
}
