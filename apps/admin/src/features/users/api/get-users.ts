import type { AdminUser } from '@bazaar/contract/admin'
import { useInfiniteQuery } from '@tanstack/react-query'
import { apiGet } from '../../../shared/api/client'
import { type Page, pagedQuery, pageSize } from '../../../shared/api/paged'

/** GET /api/admin/users?q&cursor&limit: users by id with balances; `q` matches email or nickname. */
export function getUsers(q: string, cursor: string | undefined, signal?: AbortSignal): Promise<Page<AdminUser>> {
  return apiGet<Page<AdminUser>>('/admin/users', { q, cursor, limit: pageSize }, signal)
}

export const usersQuery = (q: string) => pagedQuery(['users', 'list', { q }] as const, (cursor, signal) => getUsers(q, cursor, signal))

export function useUsers(q: string) {
  return useInfiniteQuery(usersQuery(q))
}
