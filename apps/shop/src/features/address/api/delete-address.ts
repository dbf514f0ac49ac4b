import { useMutation, useQueryClient } from '@tanstack/react-query'
import { addressesKey } from '../../../shared/api/address/get-addresses'
import { apiDelete } from '../../../shared/api/client'

/** DELETE /api/addresses/:id (orders keep their own copy of the address). */
export function deleteAddress(id: number): Promise<null> {
  return apiDelete<null>(`/addresses/${id}`)
}

export function useDeleteAddress() {
  const queryClient = useQueryClient()
  return useMutation({ mutationFn: deleteAddress, onSuccess: () => queryClient.invalidateQueries({ queryKey: addressesKey }) })
}
