import type { EvidenceItem } from '@bazaar/contract/aftersales'
import { useTranslation } from 'react-i18next'
import { formatDateTime } from '../../../shared/format/time'
import { useLocale } from '../../../shared/i18n/language'
import { useUploadUrl } from '../api/get-upload'
import styles from './EvidenceList.module.css'

/** One of the reader's evidence photos, read with the session. */
function Photo({ uploadId, index }: { uploadId: number; index: number }) {
  const { t } = useTranslation('orders')
  const url = useUploadUrl(uploadId)
  return url ? (
    <img src={url} alt={t('case.photoAlt', { index })} className={styles.photo} />
  ) : (
    <span className={`${styles.photo} bz-shimmer`} aria-hidden="true" />
  )
}

/** What the reader's side has given the platform so far: statements, photos, picked messages, oldest first. */
export function EvidenceList({ items }: { items: EvidenceItem[] }) {
  const { t } = useTranslation('orders')
  const { locale } = useLocale()
  if (items.length === 0) return null
  const photos = items.filter((i) => i.photo !== null)
  return (
    <div className={styles.list} data-testid="evidence-list">
      <h3 className={styles.title}>{t('case.yourEvidence')}</h3>
      {items
        .filter((i) => i.kind === 'text')
        .map((i) => (
          <p key={i.id} className={styles.text} dir="auto">
            <span className={styles.meta}>{formatDateTime(i.createdAtMs, locale)}</span>
            {i.text}
          </p>
        ))}
      {photos.length > 0 && (
        <div className={styles.photos}>
          {photos.map((i, n) => (
            <Photo key={i.id} uploadId={i.photo!.uploadId} index={n + 1} />
          ))}
        </div>
      )}
      {items.some((i) => i.kind === 'message') && (
        <p className={styles.meta}>{t('case.messagesPicked', { count: items.filter((i) => i.kind === 'message').length })}</p>
      )}
    </div>
  )
}
