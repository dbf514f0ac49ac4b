import { z } from 'zod'
import { decisionReasonMaxLength } from './decision-values.ts'
import { multiLine } from './text.ts'

/**
 * `POST /api/admin/<queue>/:id/reject` of every operator queue, and the body of an approval
 * that takes a reason: 1 to 500 characters after trimming, line breaks allowed
 * ('Invalid parameters' otherwise). The person affected reads it.
 */
export const ReasonBody = z
  .object({ reason: multiLine().trim().min(1, 'Invalid parameters').max(decisionReasonMaxLength, 'Invalid parameters') })
  .strict()
export type ReasonBody = z.infer<typeof ReasonBody>
