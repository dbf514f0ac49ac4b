import type { ChatMessage } from '@bazaar/contract/chat'
import { formatUsd } from '@bazaar/contract/money-format'
import { Image, Typography } from 'antd'
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { apiBlob } from '../../../shared/api/client'
import { DateTime } from '../../../shared/ui/DateTime'

/** A chat file (GET /api/uploads/:id with the operator's token) as a blob URL while shown. */
function useUploadUrl(uploadId: number) {
  const [url, setUrl] = useState<string>()
  useEffect(() => {
    let next: string | undefined
    const abort = new AbortController()
    apiBlob(`/uploads/${uploadId}`, abort.signal)
      .then((blob) => {
        next = URL.createObjectURL(blob)
        setUrl(next)
      })
      .catch(() => undefined)
    return () => {
      abort.abort()
      if (next) URL.revokeObjectURL(next)
    }
  }, [uploadId])
  return url
}

function Photo({ uploadId }: { uploadId: number }) {
  const url = useUploadUrl(uploadId)
  return url ? <Image src={url} width={160} style={{ borderRadius: 8 }} /> : null
}

function Voice({ uploadId }: { uploadId: number }) {
  const url = useUploadUrl(uploadId)
  // biome-ignore lint/a11y/useMediaCaption: a buyer's voice message has no captions
  return url ? <audio src={url} controls preload="none" /> : null
}

/** One message of a customer service conversation, as an operator reads it: text as text, files fetched with the token. */
export function ServiceMessage({ message }: { message: ChatMessage }) {
  const { t, i18n } = useTranslation()
  const fromService = message.from.service
  const content = message.content
  let body: React.ReactNode = <Typography.Text type="secondary">{t('service.recalled')}</Typography.Text>
  if (content && 'text' in content) body = <span style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{content.text}</span>
  else if (content && 'width' in content) body = <Photo uploadId={content.uploadId} />
  else if (content && 'durationS' in content) body = <Voice uploadId={content.uploadId} />
  else if (content && 'listingId' in content) body = `${content.title} · ${formatUsd(content.priceCents, i18n.language)}`
  return (
    <li className={fromService ? 'service-message service-message--mine' : 'service-message'} data-testid="service-message">
      <div className="service-bubble">{body}</div>
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {fromService ? t('service.you') : message.from.name} · <DateTime ms={message.createdAtMs} />
      </Typography.Text>
    </li>
  )
}
