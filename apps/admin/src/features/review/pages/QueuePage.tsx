import type { QueueItem } from '@bazaar/contract/admin'
import { requestStatuses } from '@bazaar/contract/wallet-values'
import { Empty, Table, Tabs } from 'antd'
import type { ColumnsType } from 'antd/es/table'
import type { TFunction } from 'i18next'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useSearchParams } from 'react-router'
import { DecisionActions } from '../../../shared/ui/DecisionActions'
import { LoadMore } from '../../../shared/ui/LoadMore'
import { PageHeader } from '../../../shared/ui/PageHeader'
import { QueryError } from '../../../shared/ui/QueryError'
import { useApproveRequest, useRejectRequest } from '../api/decide-request'
import { type QueueKind, type QueueStatus, useQueue } from '../api/get-queue'
import { reasonColumn } from '../components/columns'
import { PayoutModal } from '../components/PayoutModal'

type Props = { kind: QueueKind; columns: (t: TFunction) => ColumnsType<QueueItem> }

/** A review queue with tabs pending / approved / rejected (kept in the URL), oldest first. */
export function QueuePage({ kind, columns }: Props) {
  const { t } = useTranslation()
  const [params, setParams] = useSearchParams()
  const status = requestStatuses.find((s) => s === params.get('status')) ?? 'pending'
  const [paying, setPaying] = useState<number>()
  const queue = useQueue(kind, status)
  const approve = useApproveRequest(kind)
  const reject = useRejectRequest(kind)
  const reason = {
    label: t('review.reason'),
    hint: t('review.reasonHint'),
    required: t('review.reasonRequired'),
  }

  const cols = [...columns(t)]
  if (status === 'pending')
    cols.push({
      title: t('review.col.actions'),
      key: 'actions',
      fixed: 'right',
      render: (_: unknown, row) => (
        <DecisionActions
          target={{ id: row.id }}
          labels={{ approve: t('review.approve'), reject: t('review.reject') }}
          // Approving a recharge asks to confirm (it credits the wallet); a withdrawal opens the payout dialog for its tx hash.
          approve={
            kind === 'withdrawals'
              ? { open: () => setPaying(row.id) }
              : {
                  confirm: { title: t(`review.${kind}.approveTitle`, { id: row.id }), description: t(`review.${kind}.approveText`) },
                  mutation: approve,
                }
          }
          reject={{ reason: { ...reason, title: t(`review.${kind}.rejectTitle`, { id: row.id }) }, mutation: reject }}
          size="small"
          pinned
        />
      ),
    })
  if (status === 'rejected') cols.push(reasonColumn(t))

  return (
    <>
      <PageHeader title={t(`review.${kind}.title`)} subtitle={t(`review.${kind}.subtitle`)} />
      <Tabs
        activeKey={status}
        onChange={(key) => setParams({ status: key }, { replace: true })}
        items={requestStatuses.map((s: QueueStatus) => ({ key: s, label: t(`status.${s}`) }))}
      />
      {queue.isError ? (
        <QueryError error={queue.error} retry={queue.refetch} />
      ) : (
        <Table<QueueItem>
          rowKey="id"
          size="middle"
          columns={cols}
          dataSource={queue.data ?? []}
          loading={queue.isPending}
          pagination={false}
          scroll={{ x: 'max-content' }}
          locale={{ emptyText: <Empty description={t(`review.${kind}.empty.${status}`)} /> }}
          data-testid={`queue-${kind}`}
        />
      )}
      <LoadMore hasNextPage={queue.hasNextPage} isFetchingNextPage={queue.isFetchingNextPage} fetchNextPage={queue.fetchNextPage} />
      {kind === 'withdrawals' && <PayoutModal id={paying} onClose={() => setPaying(undefined)} />}
    </>
  )
}
