import type { ChatMessage, SendBody } from '@bazaar/contract/chat'
import { apiPost } from '../../../shared/api/client'

/**
 * POST /api/chat/conversations/:id/messages (SPEC chat/send). The body's `clientKey` makes a
 * retry after a lost answer store the message once.
 * @throws 'Too many requests' | 'Please activate IM instant messaging service' | 'other party is not a merchant' | 'Upload not found'
 */
export function sendMessage(conversationId: number, body: SendBody): Promise<ChatMessage> {
  return apiPost<ChatMessage>(`/chat/conversations/${conversationId}/messages`, body)
}
