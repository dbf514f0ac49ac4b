import { type Cents, parseAmount } from '@bazaar/contract/money'

/** A typed refund read into cents, or why it cannot be sent. */
export type RefundAmount = { ok: true; cents: Cents } | { ok: false; error: 'format' | 'zero' | 'tooMuch' }

/**
 * The refund a person typed in dollars ('12', '12.5', '12,50'), read by the contract's Money
 * rules into exact cents, at most what may still be refunded on the line, more than zero.
 */
export function parseRefundAmount(input: string, maxCents: Cents): RefundAmount {
  const parsed = parseAmount(input, { maxCents })
  if (parsed.ok) return parsed
  if (parsed.problem === 'zero') return { ok: false, error: 'zero' }
  if (parsed.problem === 'tooLarge') return { ok: false, error: 'tooMuch' }
  return { ok: false, error: 'format' }
}

/** What may still be refunded on a line, in cents. */
export function refundableCents(line: { lineTotalCents: Cents; refundedCents: Cents }): Cents {
  return Math.max(0, line.lineTotalCents - line.refundedCents)
}
