import { useMutation, useQueryClient } from '@tanstack/react-query'
import { apiSend } from '../../../shared/api/client'
import { clearSession } from '../../../shared/session'

/** POST /api/admin/auth/logout: revokes the token on the server. */
export function logout(): Promise<null> {
  return apiSend<null>('POST', '/admin/auth/logout')
}

/**
 * Ends the session here whether or not the server answered (a dead token is no loss), and
 * forgets every cached list so the next operator sees none of it.
 */
export function useLogout() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: logout,
    onSettled: () => {
      clearSession()
      queryClient.clear()
    },
  })
}
