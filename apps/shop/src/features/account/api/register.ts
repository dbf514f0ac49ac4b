import type { RegisterBody, Session } from '@bazaar/contract/auth'
import { useMutation } from '@tanstack/react-query'
import { apiPost } from '../../../shared/api/client'

/**
 * POST /api/auth/register → a new session (SPEC §3 Registration).
 * @throws 'Email already exists' | 'Invitation code does not exist' | 'Captcha incorrect'
 */
export function register(body: RegisterBody): Promise<Session> {
  return apiPost<Session>('/auth/register', body)
}

export function useRegister() {
  return useMutation({ mutationFn: register })
}
