import type { Order } from '@bazaar/contract/orders'
import type { ReviewRecord } from '@bazaar/contract/review'
import { canEditReview, canReviewLine } from '@bazaar/contract/review-values'
import Button from 'antd-mobile/es/components/button'
import FrownOutline from 'antd-mobile-icons/es/FrownOutline'
import { type ReactNode, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useSearchParams } from 'react-router'
import { useOptionNames } from '../../../shared/format/options'
import { orderDetailHref } from '../../../shared/paths'
import { EmptyState } from '../../../shared/ui/EmptyState'
import { ErrorRetry } from '../../../shared/ui/ErrorRetry'
import { ListingImage } from '../../../shared/ui/ListingImage'
import { PageHeader } from '../../../shared/ui/PageHeader'
import { PageSpinner } from '../../../shared/ui/PageSpinner'
import { toast } from '../../../shared/ui/toast'
import { useOrderReviews } from '../api/get-my-reviews'
import { useOrder } from '../api/get-order'
import { useSaveReview } from '../api/save-review'
import { HiddenNotice } from '../components/HiddenNotice'
import { ReviewForm } from '../components/ReviewForm'
import { ReviewRecordItem } from '../components/ReviewRecordItem'
import styles from './CommentPage.module.css'

/**
 * /pages/member/comment?orderId= (SPEC §2 comment, §4 'go to review'): each line of a received
 * order with its review form, or its review (editable once within 7 days; a hidden one says
 * why). Stars default to 5; the text holds up to 140 characters; up to 6 photos.
 */
export default function CommentPage() {
  const { t } = useTranslation(['common', 'orders'])
  const [params] = useSearchParams()
  const raw = Number(params.get('orderId'))
  const orderId = Number.isInteger(raw) && raw > 0 ? raw : 0
  const order = useOrder(orderId)
  const reviews = useOrderReviews(orderId)

  let body: ReactNode
  if (orderId === 0 || order.error) {
    body =
      orderId === 0 || (order.error as { key?: string }).key === 'Order not found' ? (
        <EmptyState icon={<FrownOutline />} title={t('orders:detail.notFound')} />
      ) : (
        <ErrorRetry onRetry={() => void order.refetch()} />
      )
  } else if (order.isPending || reviews.isPending) {
    body = <PageSpinner />
  } else {
    const byLine = new Map((reviews.data?.items ?? []).map((r) => [r.lineId, r]))
    body = (
      <ul className={styles.lines}>
        {order.data.lines.map((line) => (
          <LineReview key={line.id} order={order.data} line={line} review={byLine.get(line.id)} />
        ))}
      </ul>
    )
  }
  return (
    <div className={styles.page}>
      <PageHeader title={t('orders:review.title')} />
      {body}
    </div>
  )
}

function LineReview({ order, line, review }: { order: Order; line: Order['lines'][number]; review: ReviewRecord | undefined }) {
  const { t } = useTranslation(['common', 'orders'])
  const optionNames = useOptionNames()
  const save = useSaveReview()
  const [editing, setEditing] = useState(false)
  const now = Date.now()
  const reviewable = canReviewLine(order, line, now)
  const editable = review !== undefined && canEditReview({ ...review, hidden: review.hiddenAtMs !== null }, now)

  let content: ReactNode
  if (review && !editing) {
    content = (
      <ReviewRecordItem review={review}>
        {review.hiddenAtMs !== null && <HiddenNotice reason={review.hiddenReason} />}
        {editable && (
          <Button size="small" shape="rounded" fill="outline" onClick={() => setEditing(true)} data-testid="review-edit">
            {t('orders:review.edit')}
          </Button>
        )}
      </ReviewRecordItem>
    )
  } else if (review && editing) {
    content = (
      <>
        <p className={styles.note}>{t('orders:review.editOnce')}</p>
        <ReviewForm
          name={`line-${line.id}`}
          initial={review}
          submitLabel={t('orders:review.saveEdit')}
          busy={save.isPending}
          onCancel={() => setEditing(false)}
          onSubmit={(input) =>
            save.mutate(
              { target: { reviewId: review.id }, input },
              {
                onSuccess: () => {
                  setEditing(false)
                  toast(t('orders:review.edited'), { icon: 'success' })
                },
              },
            )
          }
        />
      </>
    )
  } else if (reviewable) {
    content = (
      <ReviewForm
        name={`line-${line.id}`}
        submitLabel={t('orders:review.submit')}
        busy={save.isPending}
        onSubmit={(input) =>
          save.mutate({ target: { lineId: line.id }, input }, { onSuccess: () => toast(t('orders:review.posted'), { icon: 'success' }) })
        }
      />
    )
  } else {
    content = <p className={styles.note}>{t('orders:review.notReviewable')}</p>
  }

  return (
    <li className={styles.line} data-testid="comment-line" data-line-id={line.id}>
      <Link to={orderDetailHref(order.id)} className={styles.product} tabIndex={-1}>
        <ListingImage image={line.image} alt="" ratio="1 / 1" sizes="56px" className={styles.thumb} />
        <span className={styles.productText}>
          <bdi className={styles.title}>{line.title}</bdi>
          <span className={styles.options}>{optionNames.describe(line.options)}</span>
        </span>
      </Link>
      {content}
    </li>
  )
}
