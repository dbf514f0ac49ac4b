import type { CancelAccountBody } from '@bazaar/contract/auth'
import { useMutation } from '@tanstack/react-query'
import { apiPost } from '../../../shared/api/client'

/** POST /api/me/cancel with the password (SPEC §6). @throws 'Incorrect account' | 'Processing' (a shop is open) */
export function cancelAccount(body: CancelAccountBody): Promise<null> {
  return apiPost<null>('/me/cancel', body)
}

export function useCancelAccount() {
  return useMutation({ mutationFn: cancelAccount })
}
