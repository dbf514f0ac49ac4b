import { type QueryKey, useMutation, useQueryClient } from '@tanstack/react-query'
import { toastSuccess } from '../ui/toast'
import { apiSend } from './client'

/**
 * An operator queue whose items the console decides by id: approve, or reject with a reason
 * the person affected reads (the server declares each pair with platform/decision-routes.ts).
 */
export type DecisionQueue = {
  /** The items' path under /api/admin: 'recharges' → POST /api/admin/recharges/:id/approve | /reject. */
  path: string
  /** What a decision makes stale: the queue's lists and what it moved (balances, the ledger, the audit log…). */
  stale: QueryKey[]
}

export type Decision = 'approve' | 'reject'

/** A decision's variables: the item (its id, and what the toast names) and the body, if the decision takes one. */
export type Decided<Target extends { id: number }, Body> = Target & { body?: Body }

/** What deciding needs of a decision hook's mutation (`useDecision`), whatever its item's type. */
export type DecisionMutation<Target extends { id: number }, Body> = {
  mutateAsync: (vars: Decided<Target, Body>) => Promise<unknown>
  isPending: boolean
  /** The item being decided, while a decision is under way (a row shows busy only for its own). */
  variables: { id: number } | undefined
}

/**
 * POST /api/admin/{path}/:id/{approve|reject} with the decision's body (a withdrawal's payout
 * tx hash; a rejection's `{ reason }`), answering the decided item.
 * @throws ApiError: the queue's not-found key | 'Request already handled' (decided meanwhile) |
 *   the approval's own keys | 'Invalid parameters'
 */
export function decide<Item>(queue: DecisionQueue, decision: Decision, id: number, body?: unknown): Promise<Item> {
  return apiSend<Item>('POST', `/admin/${queue.path}/${id}/${decision}`, body)
}

/**
 * The one shape of the console's decision hooks: decides, toasts `done` (already translated)
 * on success, and refreshes what the decision made stale, also after a refusal (another
 * operator may have decided first). Failures toast their key (the API client).
 */
export function useDecision<Item, Target extends { id: number } = { id: number }, Body = undefined>(
  queue: DecisionQueue,
  decision: Decision,
  done: (item: Item, target: Target) => string,
) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ body, ...target }: Decided<Target, Body>) => decide<Item>(queue, decision, target.id, body),
    onSuccess: (item, vars) => toastSuccess(done(item, vars)),
    onSettled: () => Promise.all(queue.stale.map((queryKey) => queryClient.invalidateQueries({ queryKey }))),
  })
}
