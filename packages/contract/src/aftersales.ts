import { z } from 'zod'
import { caseSides, disputeMessagesMax, disputePhotosMax, disputeStatuses, evidenceTextMaxLength } from './aftersales-values.ts'
import { ChatMessage } from './chat.ts'
import { multiLine } from './text.ts'

/**
 * A case's dispute as both sides see it (issue 23): who escalated and when, the operators'
 * deadline, and once decided the outcome with the reason both sides read.
 */
export const DisputeSummary = z.object({
  id: z.number().int(),
  status: z.enum(disputeStatuses),
  openedBy: z.enum(caseSides),
  openedAtMs: z.number().int(),
  /** The operators decide by then; passing it moves nothing (the queue shows it overdue). */
  decideByMs: z.number().int(),
  decidedAtMs: z.number().int().nullable(),
  /** Units the decision refunded (0 when rejected or undecided). */
  refundedQuantity: z.number().int(),
  /** The buyer's money the decision refunded, in cents. */
  refundCents: z.number().int(),
  /** The operator's written reason, once decided. */
  reason: z.string().nullable(),
})
export type DisputeSummary = z.infer<typeof DisputeSummary>

/**
 * Evidence one side adds to a dispute (with the escalation, or later while it is open): a
 * written statement, photos uploaded through `POST /api/uploads?purpose=dispute_evidence`
 * (the existing checks), and chat messages of the two sides' conversation since the payment,
 * picked by id (never copied: the operator reads those messages themselves). At most
 * `disputePhotosMax` photos and `disputeMessagesMax` messages per side and dispute
 * ('Evidence limit reached').
 */
export const EvidenceBody = z
  .object({
    text: multiLine().trim().min(1, 'Invalid parameters').max(evidenceTextMaxLength, 'Invalid parameters'),
    photoIds: z.array(z.number().int().positive()).max(disputePhotosMax, 'Evidence limit reached').default([]),
    messageIds: z.array(z.number().int().positive()).max(disputeMessagesMax, 'Evidence limit reached').default([]),
  })
  .strict()
export type EvidenceBody = z.infer<typeof EvidenceBody>

/** One piece of evidence: a statement, a photo (an upload the operators and its owner may open), or a picked chat message. */
export const EvidenceItem = z.object({
  id: z.number().int(),
  side: z.enum(caseSides),
  kind: z.enum(['text', 'photo', 'message']),
  text: z.string().nullable(),
  photo: z.object({ uploadId: z.number().int(), width: z.number().int(), height: z.number().int() }).nullable(),
  /** The picked message as it is now (a recalled one has no content). */
  message: ChatMessage.nullable(),
  createdAtMs: z.number().int(),
})
export type EvidenceItem = z.infer<typeof EvidenceItem>

/**
 * A side's view of a case's evidence: what it added, and the messages of its conversation
 * with the other side since the payment that it may pick (newest first, at most
 * `evidenceMessagesListed`).
 */
export const CaseEvidence = z.object({
  items: z.array(EvidenceItem),
  messages: z.array(ChatMessage),
  /** Photos and messages this side may still add. */
  photosLeft: z.number().int(),
  messagesLeft: z.number().int(),
  textsLeft: z.number().int(),
})
export type CaseEvidence = z.infer<typeof CaseEvidence>
