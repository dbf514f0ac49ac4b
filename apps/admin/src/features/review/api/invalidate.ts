import type { QueryClient } from '@tanstack/react-query'
import type { QueueKind } from './get-queue'

/**
 * A decision moves money and writes the audit log: the queue, user balances, the ledger and
 * the audit log are all stale after it.
 */
export function invalidateAfterReview(queryClient: QueryClient, kind: QueueKind): Promise<unknown> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: ['review', kind] }),
    queryClient.invalidateQueries({ queryKey: ['users'] }),
    queryClient.invalidateQueries({ queryKey: ['ledger'] }),
    queryClient.invalidateQueries({ queryKey: ['audit'] }),
  ])
}
