import type { ConversationList } from '@bazaar/contract/chat'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { apiGet } from '../../../shared/api/client'
import { chatKey } from './keys'

/** GET /api/chat/conversations (SPEC chat/lists): each conversation with its unread count and last message. */
export function getConversations(signal?: AbortSignal): Promise<ConversationList> {
  return apiGet<ConversationList>('/chat/conversations', {}, signal)
}

export const conversationsQuery = () =>
  queryOptions({ queryKey: [...chatKey, 'list'] as const, queryFn: ({ signal }) => getConversations(signal) })

export function useConversations() {
  return useQuery(conversationsQuery())
}
