import type { Conversation, OpenConversationBody } from '@bazaar/contract/chat'
import { useQuery } from '@tanstack/react-query'
import { apiPost } from '../../../shared/api/client'
import { chatKey } from './keys'

/**
 * POST /api/chat/conversations: finds or starts the conversation with a shop, an account or
 * customer service (idempotent, so it is read like a query).
 * @throws 'Shop not found' | 'other party is not a merchant' | 'Please activate IM instant messaging service'
 */
export function openConversation(body: OpenConversationBody): Promise<Conversation> {
  return apiPost<Conversation>('/chat/conversations', body)
}

export function useOpenConversation(body: OpenConversationBody | undefined) {
  return useQuery({
    queryKey: [...chatKey, 'open', body ?? null] as const,
    queryFn: () => openConversation(body as OpenConversationBody),
    enabled: body !== undefined,
    retry: false,
    staleTime: 60_000,
  })
}
