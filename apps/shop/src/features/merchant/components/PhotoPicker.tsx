import { maxUploadBytes } from '@bazaar/contract/upload-values'
import { useEffect, useId, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { apiBlob } from '../../../shared/api/client'
import { toastError } from '../../../shared/ui/toast'
import { type UploadPurpose, uploadImage } from '../api/upload-image'
import styles from './PhotoPicker.module.css'

/** What the server takes (uploads service): raster images, recognised by content, at most 8 MiB. */
const acceptedTypes = ['image/jpeg', 'image/png', 'image/webp']

type Props = {
  purpose: UploadPurpose
  /** The stored upload's id (undefined: none yet). */
  uploadId: number | undefined
  onChange: (uploadId: number | undefined) => void
  onBusyChange?: (busy: boolean) => void
  /** Where an upload stored earlier is shown from: a public URL (the shop's logo); else read privately. */
  storedUrl?: string
  /** The picker's accessible name and the photo's alt text. */
  label: string
  invalid?: boolean
  /** A wide box for a document, square for a logo. */
  shape?: 'document' | 'square'
  testId: string
}

type Local = { status: 'uploading' | 'failed'; url: string; file: File } | { status: 'done'; url: string }

/**
 * One photo sent to POST /api/uploads as soon as it is chosen, with a preview (a native file
 * input: camera or gallery on phones; ProofUploader does the same for recharges). An upload
 * stored earlier (a refilled application, the current logo) shows until replaced.
 */
export function PhotoPicker({ purpose, uploadId, onChange, onBusyChange, storedUrl, label, invalid, shape = 'document', testId }: Props) {
  const { t } = useTranslation('merchant')
  const inputId = useId()
  const [local, setLocal] = useState<Local | undefined>()
  const stored = useStoredImage(local ? undefined : uploadId, storedUrl)
  const url = local?.url ?? stored

  useEffect(() => () => (local?.url.startsWith('blob:') ? URL.revokeObjectURL(local.url) : undefined), [local?.url])

  const upload = async (file: File, fileUrl: string) => {
    setLocal({ status: 'uploading', url: fileUrl, file })
    onBusyChange?.(true)
    try {
      const saved = await uploadImage(file, purpose)
      setLocal({ status: 'done', url: fileUrl })
      onChange(saved.id)
    } catch {
      setLocal({ status: 'failed', url: fileUrl, file })
      onChange(undefined)
    } finally {
      onBusyChange?.(false)
    }
  }

  const choose = (file: File | undefined) => {
    if (!file) return
    if (!acceptedTypes.includes(file.type)) return toastError('Invalid image')
    if (file.size > maxUploadBytes) return toastError('Image too large')
    void upload(file, URL.createObjectURL(file))
  }

  const box = `${styles.box} ${shape === 'square' ? styles.square : styles.document}${invalid ? ` ${styles.invalid}` : ''}`
  const input = (
    <input
      id={inputId}
      type="file"
      accept={acceptedTypes.join(',')}
      className={styles.input}
      aria-label={url || uploadId !== undefined ? `${label}: ${t('apply.documents.replace')}` : label}
      aria-invalid={invalid || undefined}
      onChange={(event) => {
        choose(event.target.files?.[0])
        event.target.value = ''
      }}
      data-testid={testId}
    />
  )

  if (!url && uploadId === undefined) {
    return (
      <label className={`${box} ${styles.pick}`} htmlFor={inputId}>
        {input}
        <span className={styles.plus} aria-hidden="true">
          +
        </span>
        <span className={styles.pickText}>{t('apply.documents.pick')}</span>
      </label>
    )
  }

  return (
    <div className={box} data-testid={`${testId}-preview`} data-status={local?.status ?? 'done'}>
      {/* The whole photo is the way to replace it; the chip only says so. */}
      <label className={styles.cover} htmlFor={inputId}>
        {input}
        {url ? (
          <img src={url} alt={label} className={styles.image} />
        ) : (
          <span className={styles.onFile}>{t('apply.documents.onFile')}</span>
        )}
        <span className={styles.chip} aria-hidden="true">
          {t('apply.documents.replace')}
        </span>
      </label>
      {local?.status === 'uploading' && (
        <span className={styles.overlay} role="status">
          {t('apply.documents.uploading')}
        </span>
      )}
      {local?.status === 'failed' && (
        <button type="button" className={styles.overlay} onClick={() => void upload(local.file, local.url)}>
          {t('apply.documents.retry')}
        </button>
      )}
      <button
        type="button"
        className={styles.remove}
        onClick={() => {
          setLocal(undefined)
          onChange(undefined)
        }}
        disabled={local?.status === 'uploading'}
        aria-label={`${label}: ${t('apply.documents.remove')}`}
        data-testid={`${testId}-remove`}
      >
        ×
      </button>
    </div>
  )
}

/** A stored upload's picture: its public URL, or the private file read with the session. */
function useStoredImage(uploadId: number | undefined, storedUrl: string | undefined): string | undefined {
  const [privateUrl, setPrivateUrl] = useState<string>()
  useEffect(() => {
    setPrivateUrl(undefined)
    if (uploadId === undefined || storedUrl) return
    const controller = new AbortController()
    let made: string | undefined
    apiBlob(`/uploads/${uploadId}`, controller.signal).then(
      (blob) => {
        made = URL.createObjectURL(blob)
        setPrivateUrl(made)
      },
      () => undefined,
    )
    return () => {
      controller.abort()
      if (made) URL.revokeObjectURL(made)
    }
  }, [uploadId, storedUrl])
  return uploadId === undefined ? undefined : (storedUrl ?? privateUrl)
}
