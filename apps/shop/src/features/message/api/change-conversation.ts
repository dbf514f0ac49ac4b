import { useMutation, useQueryClient } from '@tanstack/react-query'
import { apiDelete, apiPost } from '../../../shared/api/client'
import { chatKey } from './keys'

/** DELETE /api/chat/conversations/:id (SPEC chat/del): gone from my list until its next message. @throws 'Conversation not found' */
export function deleteConversation(id: number): Promise<null> {
  return apiDelete<null>(`/chat/conversations/${id}`)
}

/** POST /api/chat/conversations/:id/clear (SPEC chat/clear): my history of it is cleared. @throws 'Conversation not found' */
export function clearConversation(id: number): Promise<null> {
  return apiPost<null>(`/chat/conversations/${id}/clear`)
}

/** POST /api/chat/conversations/:id/read: read up to a sequence (all by default). */
export function readConversation(id: number, seq?: number): Promise<null> {
  return apiPost<null>(`/chat/conversations/${id}/read`, seq === undefined ? {} : { seq }, { quiet: true })
}

/** POST /api/chat/messages/:id/recall: my message, within 2 minutes. @throws 'Message not found' | 'Recall time exceeded' */
export function recallMessage(messageId: number): Promise<null> {
  return apiPost<null>(`/chat/messages/${messageId}/recall`)
}

/** Delete or clear a conversation; the chat list is fetched again. */
export function useChangeConversation() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ id, action }: { id: number; action: 'delete' | 'clear' }) =>
      action === 'delete' ? deleteConversation(id) : clearConversation(id),
    onSettled: () => queryClient.invalidateQueries({ queryKey: chatKey }),
  })
}
