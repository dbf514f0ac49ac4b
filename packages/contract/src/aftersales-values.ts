/**
 * After-sales cases (issue 23; SPEC §3 Refund, §4): the refund of units of one order line,
 * grown into a case with a kind, steps, a stored deadline per step and a way to the
 * platform. Zod-free: the shop and the console import the state table from here and offer
 * only the moves the server allows; orders.ts builds the schemas from it.
 */

/**
 * What the buyer asks for: 'refund_only' (not shipped, goods not received, or the merchant
 * agrees the buyer keeps them) or 'return_and_refund' (the goods go back first; only once the
 * order has shipped).
 */
export const caseKinds = ['refund_only', 'return_and_refund'] as const
export type CaseKind = (typeof caseKinds)[number]

/**
 * A case's states. Open: 'applied' (the merchant answers), 'awaiting_return' (the merchant
 * agreed with return: the buyer ships the goods back and enters the tracking), 'returning'
 * (the merchant confirms the return's receipt, or reports it damaged or missing), 'refused'
 * and 'return_rejected' (either side may escalate within the escalation window), 'disputed'
 * (an operator decides). Ended: 'succeeded' (money back) and 'closed' (no more money moves).
 */
export const refundStatuses = [
  'applied',
  'awaiting_return',
  'returning',
  'refused',
  'return_rejected',
  'disputed',
  'succeeded',
  'closed',
] as const
export type RefundStatus = (typeof refundStatuses)[number]

/** The states in which a case is open: its line takes no other case, and its order is not settled. */
export const openRefundStatuses = ['applied', 'awaiting_return', 'returning', 'refused', 'return_rejected', 'disputed'] as const
export type OpenRefundStatus = (typeof openRefundStatuses)[number]

/** True while a case is open (SPEC §4: an order is not settled while one of its cases is). */
export function isOpenRefund(status: RefundStatus): status is OpenRefundStatus {
  return (openRefundStatuses as readonly string[]).includes(status)
}

/** Who moves a case: the buyer, the shop's merchant, either of them, an operator, or a sweep of the server. */
export type CaseActor = 'buyer' | 'merchant' | 'either' | 'operator' | 'system'

/**
 * A case's moves and the states they move between: the one table the screens and the
 * server share. The sweep's moves (by 'system') are the missed deadlines of `caseSteps`.
 */
export const refundTransitions = {
  /** Refund now (the buyer keeps the goods, or they never left). */
  agree: { from: ['applied'], to: 'succeeded', by: 'merchant' },
  /** A 'refund only' case the merchant left unanswered: refunded. */
  autoAgree: { from: ['applied'], to: 'succeeded', by: 'system' },
  /** Agree once the goods are back: the buyer's shipping deadline starts. */
  agreeWithReturn: { from: ['applied'], to: 'awaiting_return', by: 'merchant' },
  /** A 'return and refund' case the merchant left unanswered: agreed with return. */
  autoAgreeWithReturn: { from: ['applied'], to: 'awaiting_return', by: 'system' },
  refuse: { from: ['applied'], to: 'refused', by: 'merchant' },
  /** The buyer enters the carrier and tracking number of the parcel going back. */
  shipReturn: { from: ['awaiting_return'], to: 'returning', by: 'buyer' },
  /** The buyer did not ship the return in time: closed, no refund. */
  returnLapsed: { from: ['awaiting_return'], to: 'closed', by: 'system' },
  /** The merchant confirms the return's receipt: the money moves now. */
  confirmReturn: { from: ['returning'], to: 'succeeded', by: 'merchant' },
  /** The merchant did not confirm a return with tracking in time: refunded. */
  autoConfirmReturn: { from: ['returning'], to: 'succeeded', by: 'system' },
  /** The return arrived damaged, or never arrived. */
  rejectReturn: { from: ['returning'], to: 'return_rejected', by: 'merchant' },
  /** Either side asks the platform to decide, once, within the escalation window. */
  escalate: { from: ['refused', 'return_rejected'], to: 'disputed', by: 'either' },
  /** Nobody escalated within the window: the case ends as it stands. */
  escalationLapsed: { from: ['refused', 'return_rejected'], to: 'closed', by: 'system' },
  /** An operator decides a full or partial refund. */
  decideRefund: { from: ['disputed'], to: 'succeeded', by: 'operator' },
  /** An operator rejects the dispute. */
  decideReject: { from: ['disputed'], to: 'closed', by: 'operator' },
  /** The ship-by sweep refunds a paid order in full: every open case of it is refunded. */
  shipByRefund: { from: openRefundStatuses, to: 'succeeded', by: 'system' },
} as const satisfies Record<string, { from: readonly RefundStatus[]; to: RefundStatus; by: CaseActor }>
export type RefundAction = keyof typeof refundTransitions

/** True when `action` is allowed on a case in `status`. */
export function canDoRefund(action: RefundAction, status: RefundStatus): boolean {
  return (refundTransitions[action].from as readonly RefundStatus[]).includes(status)
}

/** The order time rules that set the after-sales deadlines (contract `OrderRules`, milliseconds). */
export type CaseRuleName = 'refundResponseMs' | 'returnShipMs' | 'returnConfirmMs' | 'escalationMs' | 'disputeDecisionMs'

/**
 * Each open state's step: who must act, which stored deadline of the case (contract `Refund`)
 * it runs to, and from which order time rule it was set. What the sweep does when it passes
 * is `lapseOf`.
 */
export const caseSteps = {
  applied: { by: 'merchant', deadline: 'respondByMs', rule: 'refundResponseMs' },
  awaiting_return: { by: 'buyer', deadline: 'returnByMs', rule: 'returnShipMs' },
  returning: { by: 'merchant', deadline: 'confirmByMs', rule: 'returnConfirmMs' },
  refused: { by: 'either', deadline: 'escalateByMs', rule: 'escalationMs' },
  return_rejected: { by: 'either', deadline: 'escalateByMs', rule: 'escalationMs' },
  disputed: { by: 'operator', deadline: 'decideByMs', rule: 'disputeDecisionMs' },
} as const satisfies Record<OpenRefundStatus, { by: CaseActor; deadline: CaseDeadlineName; rule: CaseRuleName }>

/**
 * The sweep's move when a step's deadline passes (issue 23): the merchant silent → a 'refund
 * only' case is agreed and refunded, a 'return and refund' case agreed with return; the
 * buyer does not ship the return → closed, no refund; the merchant does not confirm a
 * return with tracking → refunded; nobody escalates a refusal → closed. The operators'
 * deadline moves nothing (null): the dispute shows overdue.
 */
export function lapseOf(status: OpenRefundStatus, kind: CaseKind): RefundAction | null {
  switch (status) {
    case 'applied':
      return kind === 'refund_only' ? 'autoAgree' : 'autoAgreeWithReturn'
    case 'awaiting_return':
      return 'returnLapsed'
    case 'returning':
      return 'autoConfirmReturn'
    case 'refused':
    case 'return_rejected':
      return 'escalationLapsed'
    case 'disputed':
      return null
  }
}

/** The stored deadlines of a case, one per step, each null until its step began. */
export type CaseDeadlineName = 'respondByMs' | 'returnByMs' | 'confirmByMs' | 'escalateByMs' | 'decideByMs'

/**
 * The step a case waits on and its deadline (epoch ms), or null once the case ended: what
 * both sides' countdowns show.
 */
export function caseDeadline(
  refund: { status: RefundStatus } & Record<CaseDeadlineName, number | null>,
): { by: CaseActor; atMs: number } | null {
  if (!isOpenRefund(refund.status)) return null
  const step = caseSteps[refund.status]
  const atMs = refund[step.deadline]
  return atMs === null ? null : { by: step.by, atMs }
}

/** What a merchant found when the return came back, reported instead of confirming it. */
export const returnProblems = ['damaged', 'missing'] as const
export type ReturnProblem = (typeof returnProblems)[number]

/** Which side of a case acts: the buyer or the shop's merchant. */
export const caseSides = ['buyer', 'merchant'] as const
export type CaseSide = (typeof caseSides)[number]

/** A dispute's states: waiting for an operator, decided with a refund, or rejected. */
export const disputeStatuses = ['open', 'refunded', 'rejected'] as const
export type DisputeStatus = (typeof disputeStatuses)[number]

/** Photos each side may add to one dispute (through the existing upload checks). */
export const disputePhotosMax = 6
/** Chat messages each side may pick as evidence (by id; the operator reads only these). */
export const disputeMessagesMax = 20
/** Written statements each side may add to one dispute. */
export const disputeTextsMax = 10
/** Longest written statement, in characters. */
export const evidenceTextMaxLength = 1000
/** Most chat messages a case's picker lists (the conversation since the payment, newest first). */
export const evidenceMessagesListed = 100
