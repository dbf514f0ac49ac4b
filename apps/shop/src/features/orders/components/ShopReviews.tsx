import type { ReviewRecord } from '@bazaar/contract/review'
import { reviewReplyMaxLength } from '@bazaar/contract/review-values'
import Button from 'antd-mobile/es/components/button'
import { useId, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { ReviewItem } from '../../../shared/ui/ReviewItem'
import { toast } from '../../../shared/ui/toast'
import { useShopReviews } from '../api/get-shop-reviews'
import { useReplyToReview } from '../api/reply-to-review'
import { Section } from './Section'
import styles from './ShopReviews.module.css'

/** The buyer's reviews of a merchant's order, each with the shop's one reply (or the form to write it). */
export function ShopReviews({ orderId }: { orderId: number }) {
  const { t } = useTranslation(['common', 'orders'])
  const reviews = useShopReviews(orderId, true)
  const items = reviews.data?.items ?? []
  if (items.length === 0) return null
  return (
    <Section title={t('orders:merchant.reviews')} testId="shop-reviews">
      {items.map((review) => (
        <ReviewItem key={review.id} review={review} head={<bdi className={styles.title}>{review.title}</bdi>}>
          {review.hiddenAtMs !== null ? (
            <p className={styles.hidden}>{t('orders:merchant.reviewHidden')}</p>
          ) : (
            review.reply === null && <ReplyForm review={review} />
          )}
        </ReviewItem>
      ))}
    </Section>
  )
}

function ReplyForm({ review }: { review: ReviewRecord }) {
  const { t } = useTranslation(['common', 'orders'])
  const id = useId()
  const reply = useReplyToReview()
  const [text, setText] = useState('')
  return (
    <form
      className={styles.form}
      onSubmit={(event) => {
        event.preventDefault()
        if (text.trim() === '') return
        reply.mutate(
          { reviewId: review.id, text: text.trim() },
          { onSuccess: () => toast(t('orders:merchant.replied'), { icon: 'success' }) },
        )
      }}
    >
      <label htmlFor={id} className={styles.label}>
        {t('orders:merchant.replyLabel')}
      </label>
      <textarea
        id={id}
        value={text}
        onChange={(event) => setText(event.target.value)}
        maxLength={reviewReplyMaxLength}
        rows={2}
        className={styles.text}
        dir="auto"
        data-testid="reply-text"
      />
      <Button type="submit" size="small" color="primary" shape="rounded" loading={reply.isPending} disabled={text.trim() === ''}>
        {t('orders:merchant.reply')}
      </Button>
    </form>
  )
}
