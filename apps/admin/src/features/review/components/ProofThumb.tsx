import { EyeOutlined, FileExclamationOutlined } from '@ant-design/icons'
import { Image, Skeleton, Tooltip } from 'antd'
import { useTranslation } from 'react-i18next'
import { useUploadUrl } from '../../../shared/api/upload'

/** The transfer proof as a thumbnail; a click opens antd's large preview (zoom, rotate). */
export function ProofThumb({ uploadId }: { uploadId: number }) {
  const { t } = useTranslation()
  const { url, isError } = useUploadUrl(uploadId)
  if (isError) {
    return (
      <Tooltip title={t('review.proofFailed')}>
        <FileExclamationOutlined style={{ fontSize: 20, color: '#9ca3af' }} aria-label={t('review.proofFailed')} />
      </Tooltip>
    )
  }
  if (!url) return <Skeleton.Image active style={{ width: 64, height: 48 }} />
  return (
    <Image
      src={url}
      width={64}
      height={48}
      style={{ objectFit: 'cover', borderRadius: 4, border: '1px solid #e5e7eb' }}
      alt={t('review.proofAlt', { id: uploadId })}
      preview={{ cover: <EyeOutlined aria-label={t('review.proofOpen')} /> }}
      data-testid="proof-thumb"
    />
  )
}
