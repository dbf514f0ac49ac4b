import type { Session } from '@bazaar/contract/auth'
import { useQueryClient } from '@tanstack/react-query'
import { useCallback } from 'react'
import { setSession } from '../../../shared/session'

/**
 * Stores a new session (login, register, password change). Cached private data (orders,
 * wallet, addresses) of whoever used this device before is dropped first; the catalogue stays.
 */
export function useStartSession() {
  const queryClient = useQueryClient()
  return useCallback(
    (session: Session) => {
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== 'catalog' })
      setSession({ token: session.token, user: session.user })
    },
    [queryClient],
  )
}
