import type { MyShop, ShopSettingsBody } from '@bazaar/contract/merchant-shop'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { apiPut } from '../../../shared/api/client'
import { merchantKey } from './keys'

/**
 * PUT /api/shop/settings: name, bio, logo, flat freight (cents) and delivery countries.
 * Quiet: refusals show beside their fields.
 * @throws 'Shop name already taken' | 'Upload not found' | 'Invalid parameters'
 */
export function saveSettings(body: ShopSettingsBody): Promise<MyShop> {
  return apiPut<MyShop>('/shop/settings', body, { quiet: true })
}

export function useSaveSettings() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: saveSettings,
    onSuccess: (shop) => {
      queryClient.setQueryData([...merchantKey, 'profile'], shop)
      void queryClient.invalidateQueries({ queryKey: merchantKey })
    },
  })
}
