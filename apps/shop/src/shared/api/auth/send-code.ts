import type { SendCodeBody } from '@bazaar/contract/auth'
import { useMutation } from '@tanstack/react-query'
import { apiPost } from '../client'

/**
 * POST /api/auth/codes: mails a 6-digit code (SPEC §5). `email` for register, reset_password
 * and change_email (the new address); the account's own address for the other purposes.
 * @returns when another code may be sent, in ms from now (60 s)
 */
export function sendCode(body: SendCodeBody): Promise<{ resendAfterMs: number }> {
  return apiPost<{ resendAfterMs: number }>('/auth/codes', body)
}

export function useSendCode() {
  return useMutation({ mutationFn: sendCode })
}
