import { canDoRefund, caseDeadline, type RefundAction } from '@bazaar/contract/aftersales-values'
import type { Trx } from '../../db/database.ts'
import { AppError } from '../../platform/errors.ts'
import * as repo from './repo.ts'

/**
 * Why a person's move of a case changed nothing (its conditional update matched no row),
 * read after the fact so the answer names the reason: someone else's case, a move for
 * another kind of case, a dispute opened already, the step's deadline passed (the sweep
 * moves it within 30 s), or a state the move does not start from.
 * @throws 'Order not found' | 'This refund takes no return' | 'Dispute already opened' | 'Deadline passed' | 'Order status does not allow this'
 */
export async function refuseMove(
  trx: Trx,
  refundId: number,
  scope: { shopId: number } | { userId: number },
  action: RefundAction,
  nowMs: number,
): Promise<never> {
  const row = await repo.findCaseOf(trx, refundId, scope)
  if (!row) throw new AppError('Order not found')
  if (action === 'agreeWithReturn' && row.kind === 'refund_only' && row.status === 'applied')
    throw new AppError('This refund takes no return')
  if (action === 'escalate' && (await repo.findDisputesOf(trx, [row.id])).length > 0) throw new AppError('Dispute already opened')
  const deadline = caseDeadline({
    status: row.status,
    respondByMs: row.respond_by_ms,
    returnByMs: row.return_by_ms,
    confirmByMs: row.confirm_by_ms,
    escalateByMs: row.escalate_by_ms,
    decideByMs: null,
  })
  if (canDoRefund(action, row.status) && deadline !== null && deadline.atMs <= nowMs) throw new AppError('Deadline passed')
  throw new AppError('Order status does not allow this')
}
