import type { EvidenceItem } from '@bazaar/contract/aftersales'
import type { CaseSide } from '@bazaar/contract/aftersales-values'
import { Card, Empty, Flex, Image, Space, Typography } from 'antd'
import { useTranslation } from 'react-i18next'
import { DateTime } from '../../../shared/ui/DateTime'
import { EvidencePhoto } from './EvidencePhoto'

type Message = NonNullable<EvidenceItem['message']>

/** A picked chat message as it is now: its sender, time and content (a recalled one says so). */
function PickedMessage({ message }: { message: Message }) {
  const { t } = useTranslation()
  const content = message.content
  return (
    <div className="evidence-message" data-testid="evidence-message">
      <Typography.Text type="secondary">
        {message.from.name || t('disputes.service')} · <DateTime ms={message.createdAtMs} />
      </Typography.Text>
      <div dir="auto">
        {content === null ? (
          <Typography.Text italic>{t('disputes.recalled')}</Typography.Text>
        ) : 'text' in content ? (
          <Typography.Paragraph style={{ marginBottom: 0, whiteSpace: 'pre-wrap' }}>{content.text}</Typography.Paragraph>
        ) : 'width' in content ? (
          <EvidencePhoto uploadId={content.uploadId} />
        ) : 'durationS' in content ? (
          t('disputes.voice', { seconds: content.durationS })
        ) : (
          t('disputes.goods', { title: content.title })
        )}
      </div>
    </div>
  )
}

/**
 * One side's evidence of a dispute (issue 23), oldest first: its statements as written, its
 * photos (large on click), and the chat messages it picked (only those: the operator never
 * reads the rest of the conversation here).
 */
export function EvidenceColumn({ side, items }: { side: CaseSide; items: EvidenceItem[] }) {
  const { t } = useTranslation()
  const photos = items.filter((i) => i.photo !== null)
  return (
    <Card title={t(`disputes.evidenceOf.${side}`)} size="small" className="detail-card" data-testid={`evidence-${side}`}>
      {items.length === 0 ? (
        <Empty description={t('disputes.noEvidence')} image={Empty.PRESENTED_IMAGE_SIMPLE} />
      ) : (
        <Flex vertical gap={16}>
          {items
            .filter((i) => i.kind === 'text')
            .map((i) => (
              <div key={i.id}>
                <Typography.Text type="secondary">
                  <DateTime ms={i.createdAtMs} />
                </Typography.Text>
                <Typography.Paragraph style={{ marginBottom: 0, whiteSpace: 'pre-wrap' }} dir="auto" data-testid="evidence-text">
                  {i.text}
                </Typography.Paragraph>
              </div>
            ))}
          {photos.length > 0 && (
            <Image.PreviewGroup>
              <Space wrap>
                {photos.map((i) => (
                  <EvidencePhoto key={i.id} uploadId={i.photo!.uploadId} />
                ))}
              </Space>
            </Image.PreviewGroup>
          )}
          {items.flatMap((i) => (i.message ? [<PickedMessage key={i.id} message={i.message} />] : []))}
        </Flex>
      )}
    </Card>
  )
}
