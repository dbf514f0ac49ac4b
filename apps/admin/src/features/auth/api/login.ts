import type { OperatorSession } from '@bazaar/contract/admin'
import { useMutation } from '@tanstack/react-query'
import { apiSend } from '../../../shared/api/client'
import { saveSession } from '../../../shared/session'

export type LoginInput = { email: string; password: string }

/**
 * POST /api/admin/auth/login: an operator session (`admin-token`).
 * @throws 'Incorrect account' | 'Too many requests'
 */
export function login(input: LoginInput): Promise<OperatorSession> {
  return apiSend<OperatorSession>('POST', '/admin/auth/login', input)
}

/** Logs in and keeps the session; the caller navigates on success. */
export function useLogin() {
  return useMutation({
    mutationFn: login,
    onSuccess: (session) => saveSession({ token: session.token, expiresAtMs: session.expiresAtMs, email: session.operator.email }),
  })
}
