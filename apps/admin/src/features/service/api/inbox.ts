import type { ChatMessage, MessagePage, ServiceConversation } from '@bazaar/contract/chat'
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { apiGet, apiSend } from '../../../shared/api/client'
import { type Page, pagedQuery, pageSize } from '../../../shared/api/paged'

/** The inbox and an open conversation are polled: buyers write at any time, and any node may receive it. */
const inboxPollMs = 5_000
const conversationPollMs = 3_000

/** GET /api/admin/service/conversations: buyers' conversations with customer service, latest first. */
export function getInbox(cursor: string | undefined, signal?: AbortSignal): Promise<Page<ServiceConversation>> {
  return apiGet<Page<ServiceConversation>>('/admin/service/conversations', { cursor, limit: pageSize }, signal)
}

export function useInbox() {
  return useInfiniteQuery({
    ...pagedQuery(['service', 'inbox'] as const, (cursor, signal) => getInbox(cursor, signal)),
    refetchInterval: inboxPollMs,
  })
}

/** GET /api/admin/service/conversations/:id/messages: the latest 100. @throws 'Conversation not found' */
export function useServiceMessages(id: number | undefined) {
  return useQuery({
    queryKey: ['service', 'messages', id] as const,
    queryFn: ({ signal }) => apiGet<MessagePage>(`/admin/service/conversations/${id}/messages`, { limit: 100 }, signal),
    enabled: id !== undefined,
    refetchInterval: conversationPollMs,
  })
}

/** POST /api/admin/service/conversations/:id/read: read for every operator. */
export function readServiceConversation(id: number): Promise<null> {
  return apiSend<null>('POST', `/admin/service/conversations/${id}/read`, {})
}

/** POST /api/admin/service/conversations/:id/messages {text}: an answer, pushed to the buyer live. @throws 'Conversation not found' */
export function useServiceReply(id: number | undefined) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (text: string) => apiSend<ChatMessage>('POST', `/admin/service/conversations/${id}/messages`, { text }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['service'] }),
  })
}
