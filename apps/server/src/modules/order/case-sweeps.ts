import { type CaseKind, caseSteps, lapseOf, type OpenRefundStatus } from '@bazaar/contract/aftersales-values'
import type { Updateable } from 'kysely'
import type { Db } from '../../db/database.ts'
import { moveCase } from './case-moves.ts'
import { refundCase } from './refund-money.ts'
import type { DeadlineColumn } from './repo.ts'
import type { OrderSettings } from './rules-service.ts'
import type { RefundsTable } from './tables.ts'

/** The stored column of each step's deadline that the sweep moves (the operators' moves nothing). */
export const deadlineColumns = {
  applied: 'respond_by_ms',
  awaiting_return: 'return_by_ms',
  returning: 'confirm_by_ms',
  refused: 'escalate_by_ms',
  return_rejected: 'escalate_by_ms',
} as const satisfies Record<Exclude<OpenRefundStatus, 'disputed'>, DeadlineColumn>

/** A state whose deadline the sweep acts on. */
export type SweptStatus = keyof typeof deadlineColumns

/** Hears what the case sweep moved (the app's logger). */
export interface CaseSweepLog {
  info?: (obj: object, msg: string) => void
}

/**
 * Moves one case whose step's deadline has passed (issue 23; contract `lapseOf`), in its
 * own transaction: the merchant silent → a 'refund only' case agreed and refunded, a 'return
 * and refund' case agreed with return (the buyer's shipping deadline starts now); the buyer
 * did not ship the return → closed, no refund; the merchant did not confirm a return with
 * tracking → refunded (the units are not restocked: nobody said they arrived); nobody
 * escalated a refusal → closed. The move is conditional on the state and the stored
 * deadline, so every node may sweep at once and a person's move at the same moment either
 * wins or finds the case moved; each move is logged and both sides are told.
 * @returns whether this call moved it
 */
export async function sweepCase(
  db: Db,
  refund: { id: number; kind: CaseKind },
  status: SweptStatus,
  nowMs: number,
  settings: OrderSettings,
  log?: CaseSweepLog,
): Promise<boolean> {
  const action = lapseOf(status, refund.kind)
  if (action === null) return false
  const changes: Updateable<RefundsTable> =
    action === 'autoAgree'
      ? { responded_at_ms: nowMs }
      : action === 'autoAgreeWithReturn'
        ? { responded_at_ms: nowMs, return_by_ms: nowMs + settings.return_ship_ms }
        : action === 'autoConfirmReturn'
          ? { restocked: 0 }
          : {}
  const moved = await db.kysely.transaction().execute(async (trx) => {
    const row = await moveCase(trx, refund.id, action, changes, nowMs, {
      due: { column: deadlineColumns[status], atOrBeforeMs: nowMs },
      kind: refund.kind,
    })
    if (!row) return undefined
    if (action === 'autoAgree' || action === 'autoConfirmReturn') await refundCase(trx, row)
    return row
  })
  if (moved)
    log?.info?.(
      { refundId: refund.id, from: status, action, to: moved.status, deadline: caseSteps[status].deadline },
      `after-sales: case ${refund.id} moved by the sweep (${action}), its deadline passed`,
    )
  return moved !== undefined
}
