import { FileExclamationOutlined } from '@ant-design/icons'
import type { ReviewPhoto } from '@bazaar/contract/review'
import { Image, Skeleton, Space } from 'antd'
import { useTranslation } from 'react-i18next'
import { useUploadUrl } from '../../../shared/api/upload'

function Thumb({ photo, index }: { photo: ReviewPhoto; index: number }) {
  const { t } = useTranslation()
  const { url, isError } = useUploadUrl(photo.id)
  if (isError) return <FileExclamationOutlined style={{ fontSize: 20, color: '#9ca3af' }} aria-label={t('moderation.photoFailed')} />
  if (!url) return <Skeleton.Image active style={{ width: 48, height: 48 }} />
  return (
    <Image
      src={url}
      width={48}
      height={48}
      style={{ objectFit: 'cover', borderRadius: 4 }}
      alt={t('moderation.photoAlt', { index: index + 1 })}
      data-testid="moderation-photo"
    />
  )
}

/** A review's photos as thumbnails; a click opens antd's preview. */
export function ReviewPhotos({ photos }: { photos: ReviewPhoto[] }) {
  if (photos.length === 0) return <>—</>
  return (
    <Image.PreviewGroup>
      <Space size={4} wrap>
        {photos.map((photo, i) => (
          <Thumb key={photo.id} photo={photo} index={i} />
        ))}
      </Space>
    </Image.PreviewGroup>
  )
}
