import { useMutation } from '@tanstack/react-query'
import { apiPost } from '../../../shared/api/client'

/** POST /api/auth/logout: ends this session on the server (quiet: the device logs out anyway). */
export function logout(): Promise<null> {
  return apiPost<null>('/auth/logout', undefined, { quiet: true })
}

export function useLogout() {
  return useMutation({ mutationFn: logout })
}
