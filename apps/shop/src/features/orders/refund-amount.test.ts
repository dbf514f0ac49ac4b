import { describe, expect, it } from 'vitest'
import { parseRefundAmount, refundableCents } from './refund-amount'

describe('refund amount (dollars typed, cents sent)', () => {
  it('converts dollars to exact cents without float error', () => {
    expect(parseRefundAmount('19.99', 5_000)).toEqual({ ok: true, cents: 1999 })
    expect(parseRefundAmount('0.29', 5_000)).toEqual({ ok: true, cents: 29 })
    expect(parseRefundAmount('12,5', 5_000)).toEqual({ ok: true, cents: 1250 })
    expect(parseRefundAmount(' 7 ', 5_000)).toEqual({ ok: true, cents: 700 })
    expect(parseRefundAmount('7.', 5_000)).toEqual({ ok: true, cents: 700 })
  })

  it('allows exactly what may still be refunded, and not a cent more', () => {
    const max = refundableCents({ lineTotalCents: 4_598, refundedCents: 1_000 })
    expect(max).toBe(3_598)
    expect(parseRefundAmount('35.98', max)).toEqual({ ok: true, cents: 3_598 })
    expect(parseRefundAmount('35.99', max)).toEqual({ ok: false, error: 'tooMuch' })
  })

  it('refuses nothing, zero, three decimals and words', () => {
    expect(parseRefundAmount('', 100)).toEqual({ ok: false, error: 'format' })
    expect(parseRefundAmount('0', 100)).toEqual({ ok: false, error: 'zero' })
    expect(parseRefundAmount('0.001', 100)).toEqual({ ok: false, error: 'format' })
    expect(parseRefundAmount('ten', 100)).toEqual({ ok: false, error: 'format' })
    expect(parseRefundAmount('-1', 100)).toEqual({ ok: false, error: 'format' })
  })
})
