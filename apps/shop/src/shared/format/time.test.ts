import { describe, expect, it } from 'vitest'
import { formatRelativeTime } from './time'

const now = Date.UTC(2026, 10, 22, 12, 0, 0)
const minute = 60_000

describe('relative record times (SPEC §9)', () => {
  it('says just now under 5 minutes, also for a clock a little ahead', () => {
    expect(formatRelativeTime(now - 4 * minute, now, 'en', 'Just now')).toBe('Just now')
    expect(formatRelativeTime(now + minute, now, 'en', 'Just now')).toBe('Just now')
  })

  it('counts minutes, hours and days under 30 days', () => {
    expect(formatRelativeTime(now - 5 * minute, now, 'en', 'x')).toBe('5 minutes ago')
    expect(formatRelativeTime(now - 90 * minute, now, 'en', 'x')).toBe('1 hour ago')
    expect(formatRelativeTime(now - 26 * 60 * minute, now, 'en', 'x')).toBe('yesterday')
    expect(formatRelativeTime(now - 29 * 24 * 60 * minute, now, 'en', 'x')).toBe('29 days ago')
  })

  it('shows a date and time from 30 days on, in the reader language', () => {
    expect(formatRelativeTime(now - 40 * 24 * 60 * minute, now, 'en', 'x')).toMatch(/Oct 13, 2026/)
    expect(formatRelativeTime(now - 3 * 60 * minute, now, 'ar', 'x')).toMatch(/ساعات/)
  })
})
