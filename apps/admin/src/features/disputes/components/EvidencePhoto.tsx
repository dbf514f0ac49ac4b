import { EyeOutlined, FileExclamationOutlined } from '@ant-design/icons'
import { Image, Skeleton, Tooltip } from 'antd'
import { useTranslation } from 'react-i18next'
import { useUploadUrl } from '../../../shared/api/upload'

/** A photo of a dispute's evidence (or of a picked chat message) as a thumbnail; a click opens antd's large preview. */
export function EvidencePhoto({ uploadId }: { uploadId: number }) {
  const { t } = useTranslation()
  const { url, isError } = useUploadUrl(uploadId)
  if (isError)
    return (
      <Tooltip title={t('disputes.photoFailed')}>
        <FileExclamationOutlined style={{ fontSize: 20, color: '#6b7280' }} aria-label={t('disputes.photoFailed')} />
      </Tooltip>
    )
  if (!url) return <Skeleton.Image active style={{ width: 96, height: 72 }} />
  return (
    <Image
      src={url}
      width={96}
      height={72}
      style={{ objectFit: 'cover', borderRadius: 4, border: '1px solid #e5e7eb' }}
      alt={t('disputes.photoAlt', { id: uploadId })}
      preview={{ cover: <EyeOutlined aria-label={t('disputes.photoOpen')} /> }}
      data-testid="evidence-photo"
    />
  )
}
