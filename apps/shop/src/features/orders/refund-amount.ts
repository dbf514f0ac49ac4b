import { dollarsToCents } from '../../shared/format/money'

export type RefundAmount = { ok: true; cents: number } | { ok: false; error: 'format' | 'zero' | 'tooMuch' }

/**
 * The refund a person typed in dollars ('12', '12.5', '12,50'), as exact integer cents, at
 * most what may still be refunded on the line (line total less refunds), more than zero.
 */
export function parseRefundAmount(input: string, maxCents: number): RefundAmount {
  const cents = dollarsToCents(input)
  if (cents === undefined || cents === null) return { ok: false, error: 'format' }
  if (cents <= 0) return { ok: false, error: 'zero' }
  if (cents > maxCents) return { ok: false, error: 'tooMuch' }
  return { ok: true, cents }
}

/** What may still be refunded on a line, in cents. */
export function refundableCents(line: { lineTotalCents: number; refundedCents: number }): number {
  return Math.max(0, line.lineTotalCents - line.refundedCents)
}
