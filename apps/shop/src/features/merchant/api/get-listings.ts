import type { MerchantListing, MerchantListingPage } from '@bazaar/contract/merchant-listings'
import type { ListingStatus } from '@bazaar/contract/merchant-values'
import { infiniteQueryOptions, useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query'
import type { z } from 'zod'
import { apiGet } from '../../../shared/api/client'
import { merchantKey } from './keys'

type Page = z.infer<typeof MerchantListingPage>

/** GET /api/shop/listings?status&cursor&limit: the shop's listings, newest first. */
export function getListings(
  status: ListingStatus | undefined,
  cursor: string | undefined,
  limit = 20,
  signal?: AbortSignal,
): Promise<Page> {
  return apiGet<Page>('/shop/listings', { status, cursor, limit }, signal)
}

const listingsKey = [...merchantKey, 'listings'] as const

export const listingsQuery = (status: ListingStatus | undefined) =>
  infiniteQueryOptions({
    queryKey: [...listingsKey, 'list', { status }] as const,
    queryFn: ({ pageParam, signal }) => getListings(status, pageParam, 20, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  })

export function useListings(status: ListingStatus | undefined) {
  return useInfiniteQuery(listingsQuery(status))
}

/** Pages a lookup of one listing reads at most (100 each: the highest level's count). */
const maxLookupPages = 10

/**
 * One listing by id (there is no single-listing route): from the lists already loaded, else
 * by paging through the shop's listings. Null when the shop has no such listing.
 */
export function useListing(id: number) {
  const queryClient = useQueryClient()
  return useQuery({
    queryKey: [...listingsKey, 'one', id] as const,
    queryFn: async ({ signal }): Promise<MerchantListing | null> => {
      let cursor: string | undefined
      for (let page = 0; page < maxLookupPages; page++) {
        const { items, nextCursor } = await getListings(undefined, cursor, 100, signal)
        const found = items.find((l) => l.id === id)
        if (found) return found
        if (!nextCursor) return null
        cursor = nextCursor
      }
      return null
    },
    initialData: () =>
      queryClient
        .getQueriesData<{ pages: Page[] }>({ queryKey: [...listingsKey, 'list'] })
        .flatMap(([, data]) => data?.pages.flatMap((p) => p.items) ?? [])
        .find((l) => l.id === id),
    initialDataUpdatedAt: 0,
    enabled: id > 0,
  })
}
