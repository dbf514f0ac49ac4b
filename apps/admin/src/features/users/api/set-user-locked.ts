import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { apiSend } from '../../../shared/api/client'
import { toastSuccess } from '../../../shared/ui/toast'

/**
 * POST /api/admin/users/:id/lock {locked}: a locked account cannot log in, and locking ends
 * its sessions (SPEC §6).
 * @throws 'User not found'
 */
export function setUserLocked(id: number, locked: boolean): Promise<null> {
  return apiSend<null>('POST', `/admin/users/${id}/lock`, { locked })
}

export function useSetUserLocked() {
  const { t } = useTranslation()
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ id, locked }: { id: number; locked: boolean; email: string }) => setUserLocked(id, locked),
    onSuccess: (_data, { locked, email }) => toastSuccess(t(locked ? 'users.lockedDone' : 'users.unlockedDone', { email })),
    onSettled: () =>
      Promise.all([queryClient.invalidateQueries({ queryKey: ['users'] }), queryClient.invalidateQueries({ queryKey: ['audit'] })]),
  })
}
