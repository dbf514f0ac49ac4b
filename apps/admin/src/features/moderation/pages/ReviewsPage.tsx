import type { ReviewRecord } from '@bazaar/contract/review'
import { Button, Empty, Segmented, Table, Tag, Typography } from 'antd'
import type { ColumnsType } from 'antd/es/table'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useSearchParams } from 'react-router'
import { DateTime } from '../../../shared/ui/DateTime'
import { LoadMore } from '../../../shared/ui/LoadMore'
import { PageHeader } from '../../../shared/ui/PageHeader'
import { QueryError } from '../../../shared/ui/QueryError'
import { type ReviewStatus, useReviews } from '../api/get-reviews'
import { HideModal } from '../components/HideModal'
import { ReviewPhotos } from '../components/ReviewPhotos'

const statuses: ReviewStatus[] = ['all', 'visible', 'hidden']
const isStatus = (value: string | null): value is ReviewStatus => statuses.includes(value as ReviewStatus)

/**
 * Buyers' reviews, newest first, for moderation: an operator hides one with a reason (its
 * author sees it; the action is in the audit log). Text is shown as text.
 */
export function ReviewsPage() {
  const { t } = useTranslation()
  const [params, setParams] = useSearchParams()
  const raw = params.get('status')
  const status = isStatus(raw) ? raw : 'all'
  const reviews = useReviews(status)
  const [hiding, setHiding] = useState<number>()

  const columns: ColumnsType<ReviewRecord> = [
    { title: t('moderation.col.id'), dataIndex: 'id', width: 70 },
    { title: t('moderation.col.time'), dataIndex: 'createdAtMs', render: (ms: number) => <DateTime ms={ms} /> },
    {
      title: t('moderation.col.product'),
      key: 'product',
      render: (_: unknown, r) => (
        <Typography.Text ellipsis={{ tooltip: r.title }} style={{ maxWidth: 200 }}>
          {r.title} · {r.shop.name}
        </Typography.Text>
      ),
    },
    { title: t('moderation.col.author'), key: 'author', render: (_: unknown, r) => `${r.authorName} (#${r.userId})` },
    { title: t('moderation.col.stars'), dataIndex: 'rating', render: (n: number) => t('moderation.stars', { count: n }) },
    {
      title: t('moderation.col.text'),
      dataIndex: 'comment',
      render: (text: string) =>
        text ? (
          <Typography.Paragraph ellipsis={{ rows: 2, tooltip: text }} style={{ maxWidth: 280, marginBottom: 0 }} dir="auto">
            {text}
          </Typography.Paragraph>
        ) : (
          '—'
        ),
    },
    { title: t('moderation.col.photos'), dataIndex: 'photos', render: (_: unknown, r) => <ReviewPhotos photos={r.photos} /> },
    {
      title: t('moderation.col.state'),
      key: 'state',
      render: (_: unknown, r) =>
        r.hiddenAtMs === null ? (
          <Tag color="green">{t('moderation.visible')}</Tag>
        ) : (
          <Typography.Text type="secondary">
            <Tag color="red">{t('moderation.hidden')}</Tag>
            {r.hiddenReason}
          </Typography.Text>
        ),
    },
    {
      title: t('moderation.col.actions'),
      key: 'actions',
      render: (_: unknown, r) =>
        r.hiddenAtMs === null ? (
          <Button danger size="small" onClick={() => setHiding(r.id)} data-testid="hide-review">
            {t('moderation.hide')}
          </Button>
        ) : null,
    },
  ]

  return (
    <>
      <PageHeader
        title={t('moderation.title')}
        subtitle={t('moderation.subtitle')}
        extra={
          <Segmented<ReviewStatus>
            value={status}
            options={statuses.map((s) => ({ value: s, label: t(`moderation.status.${s}`) }))}
            onChange={(value) => setParams(value === 'all' ? {} : { status: value }, { replace: true })}
            data-testid="review-status"
          />
        }
      />
      {reviews.isError ? (
        <QueryError error={reviews.error} retry={reviews.refetch} />
      ) : (
        <Table<ReviewRecord>
          rowKey="id"
          size="middle"
          columns={columns}
          dataSource={reviews.data ?? []}
          loading={reviews.isPending}
          pagination={false}
          scroll={{ x: 'max-content' }}
          locale={{ emptyText: <Empty description={t('moderation.empty')} /> }}
          data-testid="reviews-table"
        />
      )}
      <LoadMore hasNextPage={reviews.hasNextPage} isFetchingNextPage={reviews.isFetchingNextPage} fetchNextPage={reviews.fetchNextPage} />
      <HideModal id={hiding} onClose={() => setHiding(undefined)} />
    </>
  )
}
