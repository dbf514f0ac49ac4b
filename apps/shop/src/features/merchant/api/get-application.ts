import type { MyApplication } from '@bazaar/contract/merchant-application'
import { queryOptions, useQuery } from '@tanstack/react-query'
import type { z } from 'zod'
import { apiGet } from '../../../shared/api/client'
import { applicationKey } from './keys'

export type MyApplicationReply = z.infer<typeof MyApplication>

/** GET /api/shop-application: the latest application (null: none yet) and whether a new one may be filed. */
export function getApplication(signal?: AbortSignal): Promise<MyApplicationReply> {
  return apiGet<MyApplicationReply>('/shop-application', {}, signal)
}

export const applicationQuery = () =>
  queryOptions({ queryKey: applicationKey, queryFn: ({ signal }) => getApplication(signal), staleTime: 0 })

export function useApplication() {
  return useQuery(applicationQuery())
}
