import { describe, expect, it } from 'vitest'
import { dayEndMs, dayIn, dayStartMs, formatCouponEnd, lastValidDay } from './coupon-dates.ts'

describe('days in the platform’s time zone', () => {
  it('start at the zone’s midnight and end at the next one, across a daylight-saving change too', () => {
    expect(dayStartMs('2026-12-28', 'Asia/Dubai')).toBe(Date.parse('2026-12-27T20:00:00Z'))
    expect(dayEndMs('2026-12-28', 'Asia/Dubai')).toBe(Date.parse('2026-12-28T20:00:00Z'))
    expect(dayStartMs('2026-12-28', 'UTC')).toBe(Date.parse('2026-12-28T00:00:00Z'))
    // Berlin moves to summer time on 29 March 2026: that day has 23 hours.
    expect(dayEndMs('2026-03-29', 'Europe/Berlin') - dayStartMs('2026-03-29', 'Europe/Berlin')).toBe(23 * 3_600_000)
    expect(dayStartMs('2026-02-30', 'UTC')).toBeNaN()
    expect(dayIn(Date.parse('2026-12-28T20:00:00Z'), 'Asia/Dubai')).toBe('2026-12-29')
  })

  it('give a coupon valid through Dec 28 its last day, Dec 28, never the exclusive end', () => {
    const endsAtMs = dayEndMs('2026-12-28', 'Asia/Dubai')
    expect(lastValidDay(endsAtMs, 'Asia/Dubai')).toBe('2026-12-28')
  })
})

describe('formatCouponEnd', () => {
  const endsAtMs = dayEndMs('2026-12-28', 'Asia/Dubai')

  it('shows the last day to a reader on the platform’s clock', () => {
    expect(formatCouponEnd(endsAtMs, 'Asia/Dubai', { locale: 'en-US', timeZone: 'Asia/Dubai' })).toBe('Dec 28, 2026')
    // Another zone name with the same clock reads the same.
    expect(formatCouponEnd(endsAtMs, 'Asia/Dubai', { locale: 'en-US', timeZone: 'Asia/Muscat' })).toBe('Dec 28, 2026')
  })

  it('adds the last minute and the platform’s zone for a reader elsewhere', () => {
    expect(formatCouponEnd(endsAtMs, 'Asia/Dubai', { locale: 'en-US', timeZone: 'America/New_York' })).toBe('Dec 28, 23:59 GMT+4')
    expect(formatCouponEnd(endsAtMs, 'Asia/Dubai', { locale: 'ar', timeZone: 'Europe/Berlin' })).toContain('23:59')
  })
})
