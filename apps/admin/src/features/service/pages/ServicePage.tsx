import type { ServiceConversation } from '@bazaar/contract/chat'
import { chatTextMaxLength } from '@bazaar/contract/chat-values'
import { Badge, Button, Empty, Flex, Input, List, Typography } from 'antd'
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useSearchParams } from 'react-router'
import { DateTime } from '../../../shared/ui/DateTime'
import { LoadMore } from '../../../shared/ui/LoadMore'
import { PageHeader } from '../../../shared/ui/PageHeader'
import { QueryError } from '../../../shared/ui/QueryError'
import { readServiceConversation, useInbox, useServiceMessages, useServiceReply } from '../api/inbox'
import { ServiceMessage } from '../components/ServiceMessage'

function Preview({ conversation }: { conversation: ServiceConversation }) {
  const { t } = useTranslation()
  const last = conversation.last
  if (!last) return null
  const text = last.recalled ? t('service.recalled') : last.type === 'text' ? last.text : t(`service.kinds.${last.type}`)
  return (
    <Typography.Text type="secondary" ellipsis style={{ maxWidth: 260 }}>
      {text}
    </Typography.Text>
  )
}

/**
 * Customer service: buyers' conversations (polled), the open one's messages and the answer
 * box. Opening a conversation reads it for every operator; an answer reaches the buyer live
 * (SPEC kind `service`) on whichever node holds their socket.
 */
export function ServicePage() {
  const { t } = useTranslation()
  const [params, setParams] = useSearchParams()
  const openId = Number(params.get('id')) || undefined
  const inbox = useInbox()
  const messages = useServiceMessages(openId)
  const reply = useServiceReply(openId)
  const [text, setText] = useState('')
  const lastSeq = messages.data?.items.at(-1)?.seq

  useEffect(() => {
    if (openId !== undefined && lastSeq !== undefined) void readServiceConversation(openId).catch(() => undefined)
  }, [openId, lastSeq])

  const send = () => {
    const trimmed = text.trim()
    if (!trimmed) return
    reply.mutate(trimmed, { onSuccess: () => setText('') })
  }

  return (
    <>
      <PageHeader title={t('service.title')} subtitle={t('service.subtitle')} />
      {inbox.isError ? (
        <QueryError error={inbox.error} retry={inbox.refetch} />
      ) : (
        <Flex gap={16} wrap align="flex-start">
          <div style={{ flex: '1 1 280px', maxWidth: 420 }}>
            <List<ServiceConversation>
              bordered
              loading={inbox.isPending}
              dataSource={inbox.data ?? []}
              locale={{ emptyText: <Empty description={t('service.empty')} /> }}
              renderItem={(c) => (
                <List.Item
                  onClick={() => setParams({ id: String(c.id) })}
                  style={{ cursor: 'pointer', background: c.id === openId ? '#fff4ee' : undefined }}
                  data-testid="service-conversation"
                >
                  <List.Item.Meta
                    title={
                      <Flex justify="space-between" gap={8}>
                        <Typography.Text ellipsis>{c.buyer.nickname || c.buyer.email}</Typography.Text>
                        <Badge count={c.unread} />
                      </Flex>
                    }
                    description={
                      <Flex vertical>
                        <Preview conversation={c} />
                        {c.lastAtMs !== null && (
                          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                            <DateTime ms={c.lastAtMs} />
                          </Typography.Text>
                        )}
                      </Flex>
                    }
                  />
                </List.Item>
              )}
            />
            <LoadMore hasNextPage={inbox.hasNextPage} isFetchingNextPage={inbox.isFetchingNextPage} fetchNextPage={inbox.fetchNextPage} />
          </div>
          <div style={{ flex: '2 1 360px', minWidth: 0 }}>
            {openId === undefined ? (
              <Empty description={t('service.choose')} />
            ) : messages.isError ? (
              <QueryError error={messages.error} retry={messages.refetch} />
            ) : (
              <>
                <ol className="service-thread" data-testid="service-thread">
                  {(messages.data?.items ?? []).map((m) => (
                    <ServiceMessage key={m.id} message={m} />
                  ))}
                </ol>
                <Flex gap={8} align="flex-end">
                  <Input.TextArea
                    value={text}
                    onChange={(e) => setText(e.target.value)}
                    maxLength={chatTextMaxLength}
                    autoSize={{ minRows: 2, maxRows: 6 }}
                    placeholder={t('service.placeholder')}
                    aria-label={t('service.placeholder')}
                    data-testid="service-reply"
                  />
                  <Button type="primary" onClick={send} loading={reply.isPending} disabled={!text.trim()} data-testid="service-send">
                    {t('service.send')}
                  </Button>
                </Flex>
              </>
            )}
          </div>
        </Flex>
      )}
    </>
  )
}
