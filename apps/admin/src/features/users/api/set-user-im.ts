import type { ImStatus } from '@bazaar/contract/chat'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { apiSend } from '../../../shared/api/client'
import { toastSuccess } from '../../../shared/ui/toast'

/**
 * POST /api/admin/users/:id/im {active}: instant messaging on or off (SPEC §6). Off, the
 * user's chats answer 'Please activate IM instant messaging service'; customer service stays open.
 * @throws 'User not found'
 */
export function setUserIm(id: number, active: boolean): Promise<ImStatus> {
  return apiSend<ImStatus>('POST', `/admin/users/${id}/im`, { active })
}

export function useSetUserIm() {
  const { t } = useTranslation()
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ id, active }: { id: number; active: boolean; email: string }) => setUserIm(id, active),
    onSuccess: (_data, { active, email }) => toastSuccess(t(active ? 'users.imOnDone' : 'users.imOffDone', { email })),
    onSettled: () =>
      Promise.all([queryClient.invalidateQueries({ queryKey: ['users'] }), queryClient.invalidateQueries({ queryKey: ['audit'] })]),
  })
}
