import { noticeTabs } from '@bazaar/contract/chat-values'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { apiPost } from '../../../shared/api/client'
import { zeroCounters } from '../../../shared/chat/counters'
import { chatKey, noticesKey } from './keys'
import { readNotices } from './notices'

/** SPEC §4 'mark all read': every chat (POST /api/chat/read) and every message tab; the counters go to zero. */
export async function readAll(): Promise<void> {
  await Promise.all([apiPost<null>('/chat/read'), ...noticeTabs.map((tab) => readNotices(tab))])
}

export function useReadAll() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: readAll,
    onSuccess: zeroCounters,
    onSettled: () =>
      Promise.all([queryClient.invalidateQueries({ queryKey: chatKey }), queryClient.invalidateQueries({ queryKey: noticesKey })]),
  })
}
