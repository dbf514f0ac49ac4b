import { FileExclamationOutlined } from '@ant-design/icons'
import { Flex, Image, Skeleton, Typography } from 'antd'
import { useTranslation } from 'react-i18next'
import { useUploadUrl } from '../../../shared/api/upload'

/**
 * An identity photo, fetched privately with the operator's token; large enough to read the
 * document, a click opens antd's preview (zoom, rotate).
 */
export function IdentityPhoto({ uploadId, caption }: { uploadId: number | null; caption: string }) {
  const { t } = useTranslation()
  return (
    <figure className="identity-photo">
      {uploadId === null ? (
        <Flex className="identity-photo__missing" align="center" justify="center">
          <Typography.Text type="secondary">{t('applications.noPhoto')}</Typography.Text>
        </Flex>
      ) : (
        <Photo uploadId={uploadId} alt={caption} />
      )}
      <figcaption>{caption}</figcaption>
    </figure>
  )
}

function Photo({ uploadId, alt }: { uploadId: number; alt: string }) {
  const { t } = useTranslation()
  const { url, isError } = useUploadUrl(uploadId)
  if (isError)
    return (
      <Flex className="identity-photo__missing" align="center" justify="center" gap={8}>
        <FileExclamationOutlined aria-hidden />
        <Typography.Text type="secondary">{t('applications.photoFailed')}</Typography.Text>
      </Flex>
    )
  if (!url) return <Skeleton.Image active className="identity-photo__missing" />
  return <Image src={url} alt={alt} data-testid="identity-photo" />
}
