import type { ReviewSummary } from '@bazaar/contract/review'
import { starValues } from '@bazaar/contract/review-values'
import MessageOutline from 'antd-mobile-icons/es/MessageOutline'
import RightOutline from 'antd-mobile-icons/es/RightOutline'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { useLatestReviews } from '../../../shared/api/reviews/get-product-reviews'
import { formatRating } from '../../../shared/format/numbers'
import { useLocale } from '../../../shared/i18n/language'
import { commentListHref } from '../../../shared/paths'
import { EmptyState } from '../../../shared/ui/EmptyState'
import { ReviewItem } from '../../../shared/ui/ReviewItem'
import { StarRow } from '../../../shared/ui/StarRow'
import styles from './ReviewSection.module.css'

/** Reviews shown on the product page; the rest are one tap away (SPEC §2 comment_list). */
const latestCount = 3

/**
 * The product page's reviews: the average and count of Bazaar buyers' visible reviews, the
 * count per star value, a 'with photos' filter, and the newest few. Before the first review it
 * says so: no stars that no buyer gave.
 */
export function ReviewSection({ listingId, summary }: { listingId: number; summary: ReviewSummary }) {
  const { t } = useTranslation()
  const { locale } = useLocale()
  const latest = useLatestReviews(summary.count > 0 ? listingId : 0, latestCount)
  const count = summary.count.toLocaleString(locale)
  return (
    <section id="reviews" className={styles.section} aria-labelledby="reviews-title" data-testid="reviews">
      <div className={styles.head}>
        <h2 id="reviews-title" className={styles.title}>
          {t('product.reviews', { amount: count })}
        </h2>
        {summary.count > 0 && (
          <Link to={commentListHref({ listingId })} className={styles.all} data-testid="reviews-all">
            {t('review.seeAll')}
            <RightOutline className="bz-flip" aria-hidden="true" />
          </Link>
        )}
      </div>
      {summary.average === null ? (
        <EmptyState icon={<MessageOutline />} title={t('product.noReviews')} hint={t('product.noReviewsHint')} />
      ) : (
        <>
          <div className={styles.summary} data-testid="review-summary">
            <div className={styles.average}>
              <span className={styles.big} data-testid="review-average">
                {formatRating(summary.average, locale)}
              </span>
              <StarRow value={summary.average} label={t('product.starsLabel', { stars: formatRating(summary.average, locale) })} />
              <span className={styles.caption}>{t('review.basedOn', { count: summary.count, amount: count })}</span>
            </div>
            <ul className={styles.bars} aria-label={t('review.byStars')}>
              {[...starValues].reverse().map((n) => {
                const k = summary.byStars[n]
                return (
                  <li key={n} className={styles.bar}>
                    <Link to={commentListHref({ listingId, filter: String(n) })} className={styles.barLink}>
                      <span className={styles.barLabel}>{t('review.starValue', { count: n })}</span>
                      <span className={styles.track} aria-hidden="true">
                        <span className={styles.fill} style={{ width: `${(k / summary.count) * 100}%` }} />
                      </span>
                      <span className={styles.barCount}>{k.toLocaleString(locale)}</span>
                    </Link>
                  </li>
                )
              })}
            </ul>
          </div>
          <div className={styles.chips}>
            <Link to={commentListHref({ listingId })} className={styles.chip}>
              {t('review.filter.all', { amount: count })}
            </Link>
            <Link to={commentListHref({ listingId, filter: 'photos' })} className={styles.chip} data-testid="reviews-photos">
              {t('review.filter.photos', { amount: summary.withPhotos.toLocaleString(locale) })}
            </Link>
          </div>
          <div>
            {(latest.data?.items ?? []).map((review) => (
              <ReviewItem key={review.id} review={review} />
            ))}
          </div>
        </>
      )}
    </section>
  )
}
