import { describe, expect, it } from 'vitest'
import { formatCount, formatPercent, formatRating, formatUsdInText } from './numbers'

describe('numbers in the reader’s locale', () => {
  it('rounds basis points to a whole percent', () => {
    expect(formatPercent(1296, 'en')).toBe('13%')
  })

  it('shortens counts and keeps one decimal of a rating', () => {
    expect(formatCount(12_345, 'en')).toBe('12.3K')
    expect(formatRating(4.69, 'en')).toBe('4.7')
  })
})

describe('formatUsdInText', () => {
  it('isolates the amount left to right, so an Arabic sentence does not reorder its figures and its US$', () => {
    expect(formatUsdInText(10_000, 'en')).toBe('\u2066$100.00\u2069')
    expect(formatUsdInText(10_000, 'ar').startsWith('\u2066')).toBe(true)
    expect(formatUsdInText(10_000, 'ar').endsWith('\u2069')).toBe(true)
  })
})
