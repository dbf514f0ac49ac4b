import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  centsToInput,
  discountedCents,
  maxAmountCents,
  parseAmount,
  parseCents,
  percentToBasisPoints,
  sanitizeAmountInput,
} from './money.ts'
import { formatAmount, formatUsd, formatUsdt } from './money-format.ts'

const nbsp = '\u00a0'

describe('parseAmount: what a person types, as integer cents', () => {
  it('reads digits with up to 2 decimals after a dot or a comma, without float error', () => {
    expect(parseCents('12')).toBe(1200)
    expect(parseCents('12.5')).toBe(1250)
    expect(parseCents('12,05')).toBe(1205)
    expect(parseCents('0.29')).toBe(29)
    expect(parseCents(' 7 ')).toBe(700)
    expect(parseCents('007')).toBe(700)
    expect(parseCents('1234567.89')).toBe(123_456_789)
    expect(parseCents('10000000.07')).toBe(1_000_000_007)
  })

  it("accepts a separator left at the end: '12.' is 12.00", () => {
    expect(parseAmount('12.')).toEqual({ ok: true, cents: 1200 })
    expect(parseAmount('12,')).toEqual({ ok: true, cents: 1200 })
  })

  it('calls nothing typed empty, so an optional bound can mean "none"', () => {
    expect(parseAmount('')).toEqual({ ok: false, problem: 'empty' })
    expect(parseAmount('   ')).toEqual({ ok: false, problem: 'empty' })
  })

  it('refuses signs, exponents, groupings, a bare fraction and more than 2 decimals (never rounds)', () => {
    for (const text of ['.5', '1.234', '-1', '+1', '1e3', '1 000', '1,000.00', '1..2', 'abc', '١٢', 'Infinity', '0x10'])
      expect(parseAmount(text), text).toEqual({ ok: false, problem: 'format' })
  })

  it('refuses zero unless the caller allows it (a fee may be nothing)', () => {
    for (const text of ['0', '0.00', '000', '0.']) expect(parseAmount(text), text).toEqual({ ok: false, problem: 'zero' })
    expect(parseCents('0', { allowZero: true })).toBe(0)
    expect(parseCents('0.00', { allowZero: true })).toBe(0)
  })

  it('refuses more than the largest amount, by default the largest a request may carry', () => {
    expect(parseCents('100000000')).toBe(maxAmountCents)
    expect(parseAmount('100000000.01')).toEqual({ ok: false, problem: 'tooLarge' })
    expect(parseAmount('99999999999999999999')).toEqual({ ok: false, problem: 'tooLarge' })
    expect(parseAmount('10.01', { maxCents: 1000 })).toEqual({ ok: false, problem: 'tooLarge' })
  })

  it('never answers a fraction of a cent or a negative amount, whatever is typed', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.stringMatching(/^\s?\d{0,14}([.,]\d{0,3})?\s?$/)), (text) => {
        const parsed = parseAmount(text, { allowZero: true })
        if (parsed.ok) expect(Number.isSafeInteger(parsed.cents) && parsed.cents >= 0 && parsed.cents <= maxAmountCents).toBe(true)
      }),
      { numRuns: 2_000 },
    )
  })

  it('reads back every amount written by centsToInput, in either style', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: maxAmountCents }), fc.boolean(), (cents, fixedDecimals) => {
        expect(parseCents(centsToInput(cents, { fixedDecimals }), { allowZero: true })).toBe(cents)
      }),
    )
  })
})

describe('centsToInput', () => {
  it('writes the shortest editable amount, or always two decimals for the console', () => {
    expect(centsToInput(1250)).toBe('12.50')
    expect(centsToInput(1200)).toBe('12')
    expect(centsToInput(5)).toBe('0.05')
    expect(centsToInput(0, { fixedDecimals: true })).toBe('0.00')
    expect(centsToInput(1_000_000, { fixedDecimals: true })).toBe('10000.00')
    expect(centsToInput(-1250)).toBe('-12.50')
  })
})

describe('sanitizeAmountInput', () => {
  it('keeps digits, one separator and 2 decimals while typing', () => {
    expect(sanitizeAmountInput('12.345')).toBe('12.34')
    expect(sanitizeAmountInput('1,2.3')).toBe('1,23')
    expect(sanitizeAmountInput('a1b2')).toBe('12')
    expect(sanitizeAmountInput('123456789012345')).toBe('12345678901')
    expect(sanitizeAmountInput('7.')).toBe('7.')
  })

  it('never leaves a malformed amount, except a separator typed first', () => {
    fc.assert(
      fc.property(fc.string(), (text) => {
        const kept = sanitizeAmountInput(text)
        const parsed = parseAmount(kept, { allowZero: true })
        if (!parsed.ok && parsed.problem === 'format') expect(kept).toMatch(/^[.,]/)
      }),
    )
  })
})

describe('formatting at the edge', () => {
  it('writes integer cents as US dollars in the locale', () => {
    expect(formatUsd(54900, 'en')).toBe('$549.00')
    expect(formatUsd(123450, 'de')).toBe(`1.234,50${nbsp}$`)
    expect(formatUsd(99_999_999_99, 'en')).toBe('$99,999,999.99')
    expect(formatUsd(123450, 'ar')).toContain('US$')
  })

  it('writes USDT as a two-decimal number and its unit (not an ISO currency)', () => {
    expect(formatUsdt(123450, 'en')).toBe(`1,234.50${nbsp}USDT`)
    expect(formatUsdt(123450, 'de')).toBe(`1.234,50${nbsp}USDT`)
    expect(formatUsdt(1, 'fr')).toBe(`0,01${nbsp}USDT`)
    expect(formatUsdt(-2500, 'en')).toBe(`-25.00${nbsp}USDT`)
    expect(formatAmount(0, 'en')).toBe('0.00')
  })
})

describe('discounts', () => {
  it('applies basis points with integer rounding, never below zero or above the list price', () => {
    expect(discountedCents(89_900, 1794)).toBe(73_772)
    expect(discountedCents(54_900, 1296)).toBe(47_785)
    expect(percentToBasisPoints(12.96)).toBe(1296)
    expect(percentToBasisPoints(0.29)).toBe(29)
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1e9 }), fc.integer({ min: 0, max: 9999 }), (list, bp) => {
        const price = discountedCents(list, bp)
        return Number.isInteger(price) && price >= 0 && price <= list && Math.abs(list - price - (list * bp) / 10_000) <= 0.5
      }),
    )
  })
})
