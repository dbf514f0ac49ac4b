import type { AdminApplication } from '@bazaar/contract/merchant-application'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { apiGet } from '../../../shared/api/client'

/**
 * GET /api/admin/shop-applications/:id: one application with its applicant; the identity
 * photos are private uploads (shared/api/upload.ts).
 * @throws 'Application not found'
 */
export function getApplication(id: number, signal?: AbortSignal): Promise<AdminApplication> {
  return apiGet<AdminApplication>(`/admin/shop-applications/${id}`, {}, signal)
}

export const applicationQuery = (id: number) =>
  queryOptions({ queryKey: ['applications', 'detail', id] as const, queryFn: ({ signal }) => getApplication(id, signal) })

export function useApplication(id: number) {
  return useQuery(applicationQuery(id))
}
