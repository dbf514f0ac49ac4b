import { parseAmountToCents as contractParse, maxAmountCents } from '@bazaar/contract/wallet'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { centsToInput, parseAmountToCents, receivedCents, sanitizeAmountInput, withdrawalAmountProblem } from './amount'

describe('typed amounts to cents (no floats)', () => {
  it('reads up to 2 decimals with a dot or a comma', () => {
    expect(parseAmountToCents('12')).toBe(1200)
    expect(parseAmountToCents('12.5')).toBe(1250)
    expect(parseAmountToCents('12,05')).toBe(1205)
    expect(parseAmountToCents('0.01')).toBe(1)
    // 0.1 + 0.2 style float traps do not exist here.
    expect(parseAmountToCents('1234567.89')).toBe(123456789)
  })

  it('refuses 0, more than 2 decimals, signs and words', () => {
    for (const text of ['', '0', '0.00', '1.234', '-1', '+1', '1e3', 'abc', '1..2', '.5']) expect(parseAmountToCents(text)).toBeUndefined()
  })

  it('agrees with the contract parser on any input', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.stringMatching(/^\s?\d{0,12}([.,]\d{0,3})?\s?$/)), (text) => {
        expect(parseAmountToCents(text)).toBe(contractParse(text))
      }),
      { numRuns: 2_000 },
    )
  })

  it('round-trips any amount the server takes through the input text', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: maxAmountCents }), (cents) => {
        expect(parseAmountToCents(centsToInput(cents))).toBe(cents)
      }),
    )
  })
})

describe('amount input while typing', () => {
  it('keeps digits, one separator and 2 decimals', () => {
    expect(sanitizeAmountInput('12.345')).toBe('12.34')
    expect(sanitizeAmountInput('1,2.3')).toBe('1,23')
    expect(sanitizeAmountInput('a1b2')).toBe('12')
    expect(sanitizeAmountInput('123456789012345')).toBe('12345678901')
    expect(sanitizeAmountInput('7.')).toBe('7.')
  })
})

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
