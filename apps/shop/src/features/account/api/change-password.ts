import type { ChangePasswordBody, Session } from '@bazaar/contract/auth'
import { useMutation } from '@tanstack/react-query'
import { apiPost } from '../../../shared/api/client'

/** POST /api/me/password (code to the own email) → a new session; the others end. @throws 'Captcha incorrect' */
export function changePassword(body: ChangePasswordBody): Promise<Session> {
  return apiPost<Session>('/me/password', body)
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword })
}
