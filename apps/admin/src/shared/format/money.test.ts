import { describe, expect, it } from 'vitest'
import { centsToInput, formatUsdt, parseCents } from './money'

describe('admin money formatting', () => {
  it('shows cents as a two-decimal USDT amount', () => {
    expect(formatUsdt(0, 'en')).toBe('0.00\u00a0USDT')
    expect(formatUsdt(123450, 'en')).toBe('1,234.50\u00a0USDT')
    expect(formatUsdt(-2500, 'en')).toBe('-25.00\u00a0USDT')
  })

  it('parses typed amounts into cents exactly, zero included', () => {
    expect(parseCents('0')).toBe(0)
    expect(parseCents('0.00')).toBe(0)
    expect(parseCents('1')).toBe(100)
    expect(parseCents('12.5')).toBe(1250)
    expect(parseCents('0.29')).toBe(29)
    expect(parseCents('1,05')).toBe(105)
    // 1.1 + 2.2 style float error would show here; the parser never goes through a float.
    expect(parseCents('10000000.07')).toBe(1_000_000_007)
  })

  it('refuses what is not an amount with at most 2 decimals', () => {
    for (const bad of ['', ' ', '-1', '1.234', 'abc', '1e3', '.5']) expect(parseCents(bad), bad).toBeUndefined()
  })

  it('turns cents back into an editable amount', () => {
    expect(centsToInput(0)).toBe('0.00')
    expect(centsToInput(1250)).toBe('12.50')
    expect(centsToInput(1_000_000)).toBe('10000.00')
    for (const cents of [0, 1, 99, 100, 12345, 1_000_000_007]) expect(parseCents(centsToInput(cents))).toBe(cents)
  })
})
