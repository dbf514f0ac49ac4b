import { ApiError } from '@bazaar/contract/api-error'
import { QueryClient } from '@tanstack/react-query'

/**
 * Catalogue data is shared and changes slowly: one minute fresh, no refetch on focus. Only a
 * missing reply is retried (twice); an error key from the server will not change on retry.
 * One cache per page load in the browser (main.tsx), one per request on the server
 * (entry-server.tsx).
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 60_000,
        gcTime: 10 * 60_000,
        refetchOnWindowFocus: false,
        retry: (failureCount, error) => error instanceof ApiError && error.isNetwork && failureCount < 2,
      },
    },
  })
}
