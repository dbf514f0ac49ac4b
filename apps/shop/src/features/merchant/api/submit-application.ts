import type { Application, ApplicationBody } from '@bazaar/contract/merchant-application'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { z } from 'zod'
import { apiPost } from '../../../shared/api/client'
import { applicationKey } from './keys'

/**
 * POST /api/shop-application: files the application (SPEC §2 apply); it is under review until
 * an operator decides. Quiet: the form shows refusals beside their fields.
 * @throws 'Not yet open' | 'Processing' | 'Request already handled' | 'Upload not found' | 'Shop name already taken' | 'Email incorrect' | 'Invalid parameters'
 */
export function submitApplication(body: z.input<typeof ApplicationBody>): Promise<Application> {
  return apiPost<Application>('/shop-application', body, { quiet: true })
}

export function useSubmitApplication() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: submitApplication,
    // 'Processing' too: one is under review already, which the result page then shows.
    onSettled: () => queryClient.invalidateQueries({ queryKey: applicationKey }),
  })
}
