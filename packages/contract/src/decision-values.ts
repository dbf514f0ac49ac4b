/**
 * The operators' decisions on the items of a queue (recharges, withdrawals, shop applications,
 * bond requests): approve, or reject with a reason the person affected reads. Zod-free: the
 * console imports these, decision.ts builds the request bodies from them.
 */

/** Longest reason an operator gives with a decision, in characters after trimming. */
export const decisionReasonMaxLength = 500
