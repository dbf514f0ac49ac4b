import type { Address, AddressBody } from '@bazaar/contract/address'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { addressesKey } from '../../../shared/api/address/get-addresses'
import { apiPost, apiPut } from '../../../shared/api/client'

/**
 * POST /api/addresses (new) or PUT /api/addresses/:id: the server checks the country and the
 * mobile number for it and answers 'Invalid parameters' with `data.fields` at fault. Quiet:
 * the form shows the errors under its fields.
 * @throws 'Invalid parameters' | 'no address' | 'Too many requests' (more than 50)
 */
export function saveAddress(id: number | undefined, body: AddressBody): Promise<Address> {
  return id === undefined
    ? apiPost<Address>('/addresses', body, { quiet: true })
    : apiPut<Address>(`/addresses/${id}`, body, { quiet: true })
}

export function useSaveAddress(id: number | undefined) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: AddressBody) => saveAddress(id, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: addressesKey }),
  })
}
