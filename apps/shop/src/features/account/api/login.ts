import type { LoginBody, Session } from '@bazaar/contract/auth'
import { useMutation } from '@tanstack/react-query'
import { apiPost } from '../../../shared/api/client'

/** POST /api/auth/login → a new session (SPEC §2 login). @throws 'Incorrect account' | 'Account is locked' */
export function login(body: LoginBody): Promise<Session> {
  return apiPost<Session>('/auth/login', body)
}

export function useLogin() {
  return useMutation({ mutationFn: login })
}
