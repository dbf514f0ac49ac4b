import type { ResetPasswordBody } from '@bazaar/contract/auth'
import { useMutation } from '@tanstack/react-query'
import { apiPost } from '../../../shared/api/client'

/** POST /api/auth/password/reset: forgot password; ends every session. @throws 'Email does not exist' | 'Captcha incorrect' */
export function resetPassword(body: ResetPasswordBody): Promise<null> {
  return apiPost<null>('/auth/password/reset', body)
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword })
}
