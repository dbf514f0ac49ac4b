import type { ChangeEmailBody, Me } from '@bazaar/contract/auth'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { apiPost } from '../../../shared/api/client'
import { updateSessionUser } from '../../../shared/session'

/** POST /api/me/email (code sent to the new address) → Me. @throws 'Email already exists' | 'Captcha incorrect' */
export function changeEmail(body: ChangeEmailBody): Promise<Me> {
  return apiPost<Me>('/me/email', body)
}

export function useChangeEmail() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: changeEmail,
    onSuccess: (me) => {
      updateSessionUser(me)
      void queryClient.invalidateQueries({ queryKey: ['account', 'me'] })
    },
  })
}
