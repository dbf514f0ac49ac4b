import type { Review } from '@bazaar/contract/catalog'
import MessageOutline from 'antd-mobile-icons/es/MessageOutline'
import { useTranslation } from 'react-i18next'
import { formatDate } from '../../../shared/format/numbers'
import { useLocale } from '../../../shared/i18n/language'
import { EmptyState } from '../../../shared/ui/EmptyState'
import styles from './ReviewList.module.css'
import { Stars } from './Stars'

/** Reviews of a product with their stars; an empty state when there are none yet. */
export function ReviewList({ reviews, stars, count }: { reviews: Review[]; stars: number; count: number }) {
  const { t } = useTranslation()
  const { locale } = useLocale()
  return (
    <section className={styles.section} aria-labelledby="reviews-title" data-testid="reviews">
      <div className={styles.head}>
        <h2 id="reviews-title" className={styles.title}>
          {t('product.reviews', { amount: count.toLocaleString(locale) })}
        </h2>
        <Stars value={stars} label={t('product.starsLabel', { stars })} />
      </div>
      {reviews.length === 0 ? (
        <EmptyState icon={<MessageOutline />} title={t('product.noReviews')} hint={t('product.noReviewsHint')} />
      ) : (
        <ul className={styles.list}>
          {reviews.map((review) => (
            <li key={review.id} className={styles.review}>
              <div className={styles.reviewHead}>
                <span className={styles.author} dir="auto">
                  {review.authorName}
                </span>
                <time className={styles.date} dateTime={new Date(review.createdAtMs).toISOString()}>
                  {formatDate(review.createdAtMs, locale)}
                </time>
              </div>
              <Stars value={review.rating} label={t('product.starsLabel', { stars: review.rating })} size={12} />
              <p className={styles.comment} dir="auto">
                {review.comment}
              </p>
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}
