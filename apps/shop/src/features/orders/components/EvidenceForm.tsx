import type { CaseEvidence } from '@bazaar/contract/aftersales'
import { type CaseSide, evidenceTextMaxLength } from '@bazaar/contract/aftersales-values'
import Button from 'antd-mobile/es/components/button'
import { useId, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { toast, toastError } from '../../../shared/ui/toast'
import { useAddEvidence } from '../api/add-evidence'
import { useEscalateRefund } from '../api/escalate-refund'
import { type UploadedPhoto, uploadEvidencePhoto } from '../api/upload-evidence-photo'
import { ChatPicker } from './ChatPicker'
import styles from './EvidenceForm.module.css'

/** The server's upload limits (uploads service): raster images only, at most 8 MB. */
const acceptedTypes = ['image/jpeg', 'image/png', 'image/webp']
const maxBytes = 8 * 1024 * 1024

type Props = {
  side: CaseSide
  refundId: number
  /** 'escalate': ask the platform to decide with this first evidence; 'add': more evidence to an open dispute. */
  mode: 'escalate' | 'add'
  evidence: CaseEvidence
}

/**
 * One side's evidence for the platform (issue 23): a statement, photos sent through the
 * upload checks as soon as they are chosen (up to what the side has left of 6), and chat
 * messages of the two sides' conversation since the payment, picked by id (the platform
 * reads only those). Escalating sends it with the request to decide.
 */
export function EvidenceForm({ side, refundId, mode, evidence }: Props) {
  const { t } = useTranslation(['common', 'orders'])
  const ids = useId()
  const escalate = useEscalateRefund(side)
  const add = useAddEvidence(side)
  const [text, setText] = useState('')
  const [photos, setPhotos] = useState<(UploadedPhoto & { previewUrl: string })[]>([])
  const [uploading, setUploading] = useState(0)
  const [picked, setPicked] = useState<number[]>([])
  const [missing, setMissing] = useState(false)
  const room = evidence.photosLeft - photos.length - uploading

  const choose = async (files: File[]) => {
    if (files.length > room) toastError('Evidence limit reached')
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
        const stored = await uploadEvidencePhoto(file)
        setPhotos((list) => [...list, { ...stored, previewUrl: URL.createObjectURL(file) }])
      } catch {
        // the client has shown the error's toast
      } finally {
        setUploading((n) => n - 1)
      }
    }
  }

  const submit = () => {
    if (text.trim() === '') return setMissing(true)
    const body = { refundId, text: text.trim(), photoIds: photos.map((p) => p.id), messageIds: picked }
    const done = () => {
      setText('')
      setPhotos([])
      setPicked([])
      toast(t(mode === 'escalate' ? 'orders:case.escalated' : 'orders:case.evidenceAdded'), { icon: 'success' })
    }
    if (mode === 'escalate') escalate.mutate(body, { onSuccess: done })
    else add.mutate(body, { onSuccess: done })
  }

  return (
    <form
      className={styles.form}
      noValidate
      onSubmit={(event) => {
        event.preventDefault()
        submit()
      }}
      data-testid={mode === 'escalate' ? 'escalate-form' : 'evidence-form'}
    >
      <label className={styles.label} htmlFor={`${ids}-text`}>
        {t(mode === 'escalate' ? 'orders:case.statementFirst' : 'orders:case.statementMore')}
      </label>
      <textarea
        id={`${ids}-text`}
        className={styles.textarea}
        value={text}
        onChange={(event) => {
          setText(event.target.value)
          setMissing(false)
        }}
        maxLength={evidenceTextMaxLength}
        rows={4}
        dir="auto"
        aria-invalid={missing}
        data-testid="evidence-text"
      />
      {missing && (
        <p className={styles.error} role="alert">
          {t('orders:case.statementMissing')}
        </p>
      )}
      <span className={styles.label}>{t('orders:case.photos', { count: evidence.photosLeft })}</span>
      <ul className={styles.photos}>
        {photos.map((photo, i) => (
          <li key={photo.id} className={styles.photo} data-testid="evidence-photo">
            <img src={photo.previewUrl} alt={t('orders:case.photoAlt', { index: i + 1 })} />
            <button
              type="button"
              className={styles.remove}
              aria-label={t('orders:case.photoRemove', { index: i + 1 })}
              onClick={() => setPhotos((list) => list.filter((p) => p.id !== photo.id))}
            >
              ×
            </button>
          </li>
        ))}
        {room > 0 && (
          <li>
            <label className={styles.pick} htmlFor={`${ids}-photo`}>
              <input
                id={`${ids}-photo`}
                type="file"
                accept={acceptedTypes.join(',')}
                multiple
                className={styles.input}
                onChange={(event) => {
                  void choose([...(event.target.files ?? [])])
                  event.target.value = ''
                }}
                data-testid="evidence-photo-input"
              />
              <span aria-hidden="true" className={styles.plus}>
                +
              </span>
              <span className={styles.pickText}>{uploading > 0 ? t('orders:review.uploading') : t('orders:review.addPhoto')}</span>
            </label>
          </li>
        )}
      </ul>
      <ChatPicker messages={evidence.messages} picked={picked} max={evidence.messagesLeft} onChange={setPicked} />
      <Button
        block
        shape="rounded"
        color="primary"
        type="submit"
        disabled={uploading > 0}
        loading={escalate.isPending || add.isPending}
        data-testid={mode === 'escalate' ? 'escalate-submit' : 'evidence-submit'}
      >
        {t(mode === 'escalate' ? 'orders:case.escalate' : 'orders:case.addEvidence')}
      </Button>
    </form>
  )
}
