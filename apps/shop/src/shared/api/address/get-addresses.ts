import type { Address } from '@bazaar/contract/address'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { apiGet } from '../client'

/** The parent key of the address book; saving or deleting an address invalidates it. */
export const addressesKey = ['addresses'] as const

/** GET /api/addresses: the address book, default first. */
export function getAddresses(signal?: AbortSignal): Promise<{ items: Address[] }> {
  return apiGet<{ items: Address[] }>('/addresses', {}, signal)
}

/** Query options of the address book (key `addresses`), selecting its items, default first. */
export const addressesQuery = () =>
  queryOptions({
    queryKey: addressesKey,
    queryFn: ({ signal }) => getAddresses(signal),
    select: (data) => data.items,
  })

/** The address book; `enabled` false for visitors. */
export function useAddresses(enabled = true) {
  return useQuery({ ...addressesQuery(), enabled })
}
