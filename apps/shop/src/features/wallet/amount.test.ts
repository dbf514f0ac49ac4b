import { describe, expect, it } from 'vitest'
import { receivedCents, withdrawalAmountProblem } from './amount'

describe('withdrawal amount (SPEC §3, §5)', () => {
  const trc20 = { withdrawalMinCents: 1_000, withdrawalMaxCents: 1_000_000, withdrawalFeeCents: 100 }

  it('shows what arrives: the amount less the fee', () => {
    expect(receivedCents(2_500, 100)).toBe(2_400)
    expect(receivedCents(50, 100)).toBe(0)
  })

  it('checks minimum, fee, limit and balance in the server order', () => {
    expect(withdrawalAmountProblem(undefined, trc20, 5_000)).toBe('withdrawal amount incorrect')
    expect(withdrawalAmountProblem(999, trc20, 5_000)).toBe('withdrawal amount incorrect')
    expect(withdrawalAmountProblem(1_000, trc20, 5_000)).toBeUndefined()
    expect(withdrawalAmountProblem(1_000_001, trc20, 2_000_000)).toBe('exceeds withdrawal limit')
    expect(withdrawalAmountProblem(5_001, trc20, 5_000)).toBe('Insufficient balance')
    expect(withdrawalAmountProblem(100, { ...trc20, withdrawalMinCents: 50 }, 5_000)).toBe('withdrawal amount incorrect')
  })
})
