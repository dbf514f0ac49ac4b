import { queryOptions, useQuery } from '@tanstack/react-query'
import { apiGet } from '../../../shared/api/client'

export type Me = { id: number; email: string }

/** GET /api/admin/me: who the token belongs to; a 401 here sends the console back to login. */
export function getMe(signal?: AbortSignal): Promise<Me> {
  return apiGet<Me>('/admin/me', {}, signal)
}

export const meQuery = () =>
  queryOptions({ queryKey: ['auth', 'me'] as const, queryFn: ({ signal }) => getMe(signal), staleTime: 5 * 60_000 })

export function useMe() {
  return useQuery(meQuery())
}
