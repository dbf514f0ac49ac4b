import type { Review } from '@bazaar/contract/review'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { reviewMediaUrl } from '../api/client'
import { formatDate } from '../format/numbers'
import { useOptionNames } from '../format/options'
import { useLocale } from '../i18n/language'
import styles from './ReviewItem.module.css'
import { StarRow } from './StarRow'

type Props = {
  review: Review
  /** Above the review (what it is about, in the buyer's own list). */
  head?: ReactNode
  /** Below it (the hidden notice, an edit button, the shop's reply form). */
  children?: ReactNode
}

/**
 * One review as a person reads it (SPEC §2 comment_list): who, when, stars, the options bought,
 * the text (as text, never markup), photos, 'edited', and the shop's reply.
 */
export function ReviewItem({ review, head, children }: Props) {
  const { t } = useTranslation()
  const { locale } = useLocale()
  const optionsText = useOptionNames().describe(review.options)
  return (
    <article className={styles.review} data-testid="review" data-review-id={review.id}>
      {head}
      <div className={styles.top}>
        <span className={styles.author} dir="auto">
          {review.authorName}
        </span>
        <time className={styles.date} dateTime={new Date(review.createdAtMs).toISOString()}>
          {formatDate(review.createdAtMs, locale)}
        </time>
      </div>
      <div className={styles.meta}>
        <StarRow value={review.rating} label={t('product.starsLabel', { stars: review.rating })} size={13} />
        {optionsText && <span className={styles.options}>{optionsText}</span>}
        {review.editedAtMs !== null && <span className={styles.edited}>{t('review.edited')}</span>}
      </div>
      {review.comment && (
        <p className={styles.comment} dir="auto" data-testid="review-comment">
          {review.comment}
        </p>
      )}
      {review.photos.length > 0 && (
        <ul className={styles.photos} aria-label={t('review.photos')}>
          {review.photos.map((photo, i) => {
            return (
              <li key={photo.id}>
                <a href={reviewMediaUrl(photo.id, 800)} target="_blank" rel="noreferrer" className={styles.photo}>
                  <img
                    src={reviewMediaUrl(photo.id, 160)}
                    alt={t('review.photoAlt', { index: i + 1, total: review.photos.length })}
                    width={photo.width}
                    height={photo.height}
                    loading="lazy"
                    decoding="async"
                    data-testid="review-photo"
                  />
                </a>
              </li>
            )
          })}
        </ul>
      )}
      {review.reply && (
        <div className={styles.reply} data-testid="review-reply">
          <span className={styles.replyLabel}>{t('review.shopReply')}</span>
          <p className={styles.replyText} dir="auto">
            {review.reply.text}
          </p>
        </div>
      )}
      {children}
    </article>
  )
}
