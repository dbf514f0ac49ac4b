import { QueryClient } from '@tanstack/react-query'
import { ApiError } from '../shared/api/api-error'

/**
 * Queues change while an operator looks at them: data is fresh for 10 s and refetched when the
 * window regains focus. Only a missing reply is retried (twice); an error key will not change.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 10_000,
        refetchOnWindowFocus: true,
        retry: (failureCount, error) => error instanceof ApiError && error.isNetwork && failureCount < 2,
      },
      mutations: { retry: false },
    },
  })
}
