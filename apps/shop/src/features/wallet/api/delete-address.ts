import { useMutation, useQueryClient } from '@tanstack/react-query'
import { apiDelete } from '../../../shared/api/client'

/** DELETE /api/wallet/addresses/:id. */
export function deleteAddress(addressId: number): Promise<null> {
  return apiDelete<null>(`/wallet/addresses/${addressId}`)
}

export function useDeleteAddress() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: deleteAddress,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['wallet', 'addresses'] }),
  })
}
