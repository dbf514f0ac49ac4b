import { z } from 'zod'
import { DisputeSummary, EvidenceItem } from './aftersales.ts'
import { disputeStatuses } from './aftersales-values.ts'
import { maxLineQuantity } from './cart-values.ts'
import { maxPageSize } from './catalog-values.ts'
import { decisionReasonMaxLength } from './decision-values.ts'
import { Order, Refund } from './orders.ts'
import { cursorParam, multiLine } from './text.ts'

/** `GET /api/admin/disputes`: the operators' queue of one state, oldest first. */
export const DisputeQuery = z
  .object({
    status: z.enum(disputeStatuses).default('open'),
    cursor: cursorParam.optional(),
    limit: z.coerce.number().int().min(1, 'Page size must be 1 to 100').max(maxPageSize, 'Page size must be 1 to 100').default(20),
  })
  .strict()
export type DisputeQuery = z.infer<typeof DisputeQuery>

/** A dispute as the queue lists it: its case, the shop and buyer, the amount at stake, and whether it is overdue. */
export const AdminDispute = DisputeSummary.extend({
  refundId: z.number().int(),
  refundNo: z.string(),
  orderId: z.number().int(),
  orderNo: z.string(),
  shop: z.object({ id: z.number().int(), name: z.string() }),
  buyer: z.object({ id: z.number().int(), nickname: z.string() }),
  /** Units asked for, and the buyer's money for them (the most a decision refunds). */
  quantity: z.number().int(),
  amountCents: z.number().int(),
  /** Open past the operators' deadline (also counted in /metrics as `bazaar_disputes_overdue`). */
  overdue: z.boolean(),
})
export type AdminDispute = z.infer<typeof AdminDispute>
export const AdminDisputePage = z.object({ items: z.array(AdminDispute), nextCursor: z.string().nullable() })

/** One dispute for the operator deciding it: the order, the case, and each side's evidence side by side. */
export const DisputeDetail = z.object({
  dispute: AdminDispute,
  order: Order,
  refund: Refund,
  evidence: z.object({ buyer: z.array(EvidenceItem), merchant: z.array(EvidenceItem) }),
})
export type DisputeDetail = z.infer<typeof DisputeDetail>

/**
 * `POST /api/admin/disputes/:id/approve`: refund `quantity` units of the case (all of them: a
 * full refund; fewer: a partial refund by units), with the reason both sides read. Rejecting
 * is `ReasonBody` (decision.ts), as every queue's.
 */
export const DisputeRefundBody = z
  .object({
    quantity: z.number().int('Invalid parameters').min(1, 'Invalid parameters').max(maxLineQuantity, 'Invalid parameters'),
    reason: multiLine().trim().min(1, 'Invalid parameters').max(decisionReasonMaxLength, 'Invalid parameters'),
  })
  .strict()
export type DisputeRefundBody = z.infer<typeof DisputeRefundBody>
