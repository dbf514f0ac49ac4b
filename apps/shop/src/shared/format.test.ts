import { describe, expect, it } from 'vitest'
import { centsToDollarsInput, dollarsToCents, formatUsd, formatUsdt } from './format/money'
import { formatPercent } from './format/numbers'

const nbsp = '\u00a0'

describe('formatUsd', () => {
  it('writes integer cents as US dollars in the locale', () => {
    expect(formatUsd(54900, 'en')).toBe('$549.00')
    expect(formatUsd(123450, 'en')).toBe('$1,234.50')
    expect(formatUsd(123450, 'de')).toBe(`1.234,50${nbsp}$`)
    expect(formatUsd(5, 'en')).toBe('$0.05')
    expect(formatUsd(0, 'en')).toBe('$0.00')
  })

  it('keeps every cent of large amounts', () => {
    expect(formatUsd(99_999_999_99, 'en')).toBe('$99,999,999.99')
  })

  it('uses the locale of Arabic and Japanese readers', () => {
    expect(formatUsd(123450, 'ar')).toContain('US$')
    expect(formatUsd(123450, 'ja')).toBe('$1,234.50')
  })
})

describe('formatUsdt', () => {
  it('writes a two-decimal number with the unit USDT (not an ISO currency)', () => {
    expect(formatUsdt(123450, 'en')).toBe(`1,234.50${nbsp}USDT`)
    expect(formatUsdt(123450, 'de')).toBe(`1.234,50${nbsp}USDT`)
    expect(formatUsdt(1, 'fr')).toBe(`0,01${nbsp}USDT`)
  })
})

describe('dollarsToCents', () => {
  it('parses what a person types into integer cents without float error', () => {
    expect(dollarsToCents('12')).toBe(1200)
    expect(dollarsToCents('12.5')).toBe(1250)
    expect(dollarsToCents('0.29')).toBe(29)
    expect(dollarsToCents('19,99')).toBe(1999)
    expect(dollarsToCents(' 7. ')).toBe(700)
  })

  it('gives null for empty input and undefined for unreadable input', () => {
    expect(dollarsToCents('')).toBeNull()
    expect(dollarsToCents('  ')).toBeNull()
    expect(dollarsToCents('abc')).toBeUndefined()
    expect(dollarsToCents('1.234')).toBeUndefined()
    expect(dollarsToCents('-3')).toBeUndefined()
  })

  it('round-trips with centsToDollarsInput', () => {
    for (const cents of [0, 1, 29, 1200, 1250, 99999]) {
      expect(dollarsToCents(centsToDollarsInput(cents))).toBe(cents)
    }
  })
})

describe('formatPercent', () => {
  it('rounds basis points to a whole percent', () => {
    expect(formatPercent(1296, 'en')).toBe('13%')
  })
})
