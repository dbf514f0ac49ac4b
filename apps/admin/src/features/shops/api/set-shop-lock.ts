import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { apiSend } from '../../../shared/api/client'
import { toastSuccess } from '../../../shared/ui/toast'

/**
 * POST /api/admin/shops/:id/lock {locked}: a locked shop sells nothing and its merchant's
 * shop pages answer 'Shop is locked'; unlocking opens it again. Audited.
 * @throws 'Shop not found'
 */
export function setShopLocked(id: number, locked: boolean): Promise<null> {
  return apiSend<null>('POST', `/admin/shops/${id}/lock`, { locked })
}

export function useSetShopLocked() {
  const { t } = useTranslation()
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ id, locked }: { id: number; locked: boolean; name: string }) => setShopLocked(id, locked),
    onSuccess: (_data, { locked, name }) => toastSuccess(t(locked ? 'shops.lockedDone' : 'shops.unlockedDone', { name })),
    onSettled: () =>
      Promise.all([queryClient.invalidateQueries({ queryKey: ['shops'] }), queryClient.invalidateQueries({ queryKey: ['audit'] })]),
  })
}
