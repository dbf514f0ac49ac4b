import { describe, expect, it } from 'vitest'
import { formatCount, formatPercent, formatRating } from './numbers'

describe('numbers in the reader’s locale', () => {
  it('rounds basis points to a whole percent', () => {
    expect(formatPercent(1296, 'en')).toBe('13%')
  })

  it('shortens counts and keeps one decimal of a rating', () => {
    expect(formatCount(12_345, 'en')).toBe('12.3K')
    expect(formatRating(4.69, 'en')).toBe('4.7')
  })
})
