import type { MessagePage } from '@bazaar/contract/chat'
import { apiGet } from '../../../shared/api/client'

/** GET /api/chat/conversations/:id/messages: the latest page, or a page before a sequence. @throws 'Conversation not found' */
export function getMessages(
  conversationId: number,
  query: { beforeSeq?: number; afterSeq?: number; limit?: number } = {},
): Promise<MessagePage> {
  return apiGet<MessagePage>(`/chat/conversations/${conversationId}/messages`, query, undefined, { quiet: true })
}
