import type { Me } from '@bazaar/contract/auth'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { apiGet } from '../../../shared/api/client'
import { updateSessionUser } from '../../../shared/session'

/** GET /api/me: the logged-in person; the stored session's copy is refreshed with it. */
export async function getMe(signal?: AbortSignal): Promise<Me> {
  const me = await apiGet<Me>('/me', {}, signal)
  updateSessionUser(me)
  return me
}

export const meQuery = () =>
  queryOptions({
    queryKey: ['account', 'me'] as const,
    queryFn: ({ signal }) => getMe(signal),
  })

export function useMe(enabled: boolean) {
  return useQuery({ ...meQuery(), enabled })
}
