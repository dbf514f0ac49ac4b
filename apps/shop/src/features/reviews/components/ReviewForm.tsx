import type { ReviewPhoto } from '@bazaar/contract/review'
import { defaultStars, reviewCommentMaxLength, reviewMaxPhotos, starValues } from '@bazaar/contract/review-values'
import Button from 'antd-mobile/es/components/button'
import { useId, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { reviewMediaUrl } from '../../../shared/api/client'
import { toastError } from '../../../shared/ui/toast'
import type { ReviewInput } from '../api/save-review'
import { uploadReviewPhoto } from '../api/upload-review-photo'
import styles from './ReviewForm.module.css'

/** The server's upload limits (uploads service): raster images only, at most 8 MB. */
const acceptedTypes = ['image/jpeg', 'image/png', 'image/webp']
const maxBytes = 8 * 1024 * 1024

type Photo = ReviewPhoto & { previewUrl?: string }

type Props = {
  /** For the ids of the fields (one form per order line). */
  name: string
  initial?: { rating: number; comment: string; photos: ReviewPhoto[] }
  submitLabel: string
  busy: boolean
  onSubmit: (input: ReviewInput) => void
  onCancel?: () => void
}

/**
 * A review of one line (SPEC §2 comment, §3 default 5 stars, §5 140 characters): stars, text
 * with a counter, up to 6 photos sent to POST /api/uploads as soon as they are chosen. Native
 * radios, textarea and file input: antd-mobile's Rate and TextArea would add about 4 KB gzip
 * for the same job (BENCH B3).
 */
export function ReviewForm({ name, initial, submitLabel, busy, onSubmit, onCancel }: Props) {
  const { t } = useTranslation(['common', 'orders'])
  const ids = useId()
  const [rating, setRating] = useState(initial?.rating ?? defaultStars)
  const [comment, setComment] = useState(initial?.comment ?? '')
  const [photos, setPhotos] = useState<Photo[]>(initial?.photos ?? [])
  const [uploading, setUploading] = useState(0)

  const add = async (files: File[]) => {
    const room = reviewMaxPhotos - photos.length - uploading
    if (files.length > room) toastError('Too many photos')
    for (const file of files.slice(0, Math.max(0, room))) {
      if (!acceptedTypes.includes(file.type)) {
        toastError('Invalid image')
        continue
      }
      if (file.size > maxBytes) {
        toastError('Image too large')
        continue
      }
      setUploading((n) => n + 1)
      try {
        const stored = await uploadReviewPhoto(file)
        setPhotos((list) => [...list, { ...stored, previewUrl: URL.createObjectURL(file) }])
      } catch {
        // the client has shown the error's toast
      } finally {
        setUploading((n) => n - 1)
      }
    }
  }

  return (
    <form
      className={styles.form}
      onSubmit={(event) => {
        event.preventDefault()
        onSubmit({ rating, comment: comment.trim(), photoUploadIds: photos.map((p) => p.id) })
      }}
      data-testid="review-form"
    >
      <fieldset className={styles.stars}>
        <legend className={styles.label}>{t('orders:review.stars')}</legend>
        <div className={styles.starRow}>
          {starValues.map((n) => (
            <label key={n} className={n <= rating ? `${styles.star} ${styles.on}` : styles.star} data-testid={`review-star-${n}`}>
              <input
                type="radio"
                name={`${ids}-${name}-stars`}
                value={n}
                checked={rating === n}
                onChange={() => setRating(n)}
                className={styles.radio}
                aria-label={t('product.starsLabel', { stars: n })}
              />
              <span aria-hidden="true">★</span>
            </label>
          ))}
          <span className={styles.starText} data-testid="review-stars">
            {t(`orders:review.starNames.${rating}` as 'orders:review.starNames.5')}
          </span>
        </div>
      </fieldset>
      <label className={styles.label} htmlFor={`${ids}-${name}-text`}>
        {t('orders:review.text')}
      </label>
      <div className={styles.textBox}>
        <textarea
          id={`${ids}-${name}-text`}
          value={comment}
          onChange={(event) => setComment(event.target.value)}
          maxLength={reviewCommentMaxLength}
          rows={4}
          placeholder={t('orders:review.textHint')}
          className={styles.text}
          dir="auto"
          data-testid="review-text"
        />
        <span className={styles.count} aria-live="polite">
          {[...comment].length}/{reviewCommentMaxLength}
        </span>
      </div>
      <span className={styles.label}>{t('orders:review.photos', { max: reviewMaxPhotos })}</span>
      <ul className={styles.photos}>
        {photos.map((photo, i) => (
          <li key={photo.id} className={styles.photo}>
            <img
              src={photo.previewUrl ?? reviewMediaUrl(photo.id, 160)}
              alt={t('review.photoAlt', { index: i + 1, total: photos.length })}
            />
            <button
              type="button"
              className={styles.removePhoto}
              aria-label={t('orders:review.removePhoto', { index: i + 1 })}
              onClick={() => setPhotos((list) => list.filter((p) => p.id !== photo.id))}
            >
              ×
            </button>
          </li>
        ))}
        {photos.length + uploading < reviewMaxPhotos && (
          <li>
            <label className={styles.pick} htmlFor={`${ids}-${name}-photo`}>
              <input
                id={`${ids}-${name}-photo`}
                type="file"
                accept={acceptedTypes.join(',')}
                multiple
                className={styles.input}
                onChange={(event) => {
                  void add([...(event.target.files ?? [])])
                  event.target.value = ''
                }}
                data-testid="review-photo-input"
              />
              <span aria-hidden="true" className={styles.plus}>
                +
              </span>
              <span className={styles.pickText}>{uploading > 0 ? t('orders:review.uploading') : t('orders:review.addPhoto')}</span>
            </label>
          </li>
        )}
      </ul>
      <div className={styles.actions}>
        {onCancel && (
          <Button shape="rounded" onClick={onCancel}>
            {t('common.cancel')}
          </Button>
        )}
        <Button type="submit" color="primary" shape="rounded" loading={busy} disabled={uploading > 0} data-testid="review-submit">
          {submitLabel}
        </Button>
      </div>
    </form>
  )
}
