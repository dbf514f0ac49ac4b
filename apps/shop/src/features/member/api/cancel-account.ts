import type { CancelAccountBody } from '@bazaar/contract/auth'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { apiPost } from '../../../shared/api/client'

/**
 * POST /api/me/cancel with the password (SPEC §6). Quiet: the sheet shows a wrong password
 * under its field and lists what is still open; other refusals are toasted by the sheet.
 * @throws 'Password incorrect' | 'Too many requests' | 'Account cannot be cancelled yet'
 */
export function cancelAccount(body: CancelAccountBody): Promise<null> {
  return apiPost<null>('/me/cancel', body, { quiet: true })
}

/** A refusal reads the open business again (it may have changed since the sheet opened). */
export function useCancelAccount() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: cancelAccount,
    onError: () => void queryClient.invalidateQueries({ queryKey: ['account', 'cancellation'] }),
  })
}
