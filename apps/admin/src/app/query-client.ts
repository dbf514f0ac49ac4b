import { ApiError } from '@bazaar/contract/api-error'
import { QueryClient } from '@tanstack/react-query'

/**
 * Queues change while an operator looks at them (buyers file, other operators decide): cached
 * data shows at once but is fetched again whenever a page opens or the window regains focus.
 * Only a missing reply is retried (twice); an error key will not change.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 0,
        refetchOnWindowFocus: true,
        retry: (failureCount, error) => error instanceof ApiError && error.isNetwork && failureCount < 2,
      },
      mutations: { retry: false },
    },
  })
}
