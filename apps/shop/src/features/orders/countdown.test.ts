import { describe, expect, it } from 'vitest'
import { countdownParts, splitDuration } from './countdown'

const h = 3_600_000
const m = 60_000
const s = 1_000

describe('countdowns', () => {
  it('show the refund answer time as SPEC §4 does: 23 h 59 min 51 s', () => {
    expect(countdownParts(24 * h - 9 * s)).toEqual({ key: 'hms', values: { h: 23, m: 59, s: 51 } })
  })

  it('count whole seconds down, never below zero', () => {
    expect(splitDuration(1_999)).toEqual({ days: 0, hours: 0, minutes: 0, seconds: 1 })
    expect(splitDuration(-5_000)).toEqual({ days: 0, hours: 0, minutes: 0, seconds: 0 })
  })

  it('use days from a day on, and minutes and seconds under an hour', () => {
    expect(countdownParts(7 * 24 * h + 3 * h + 20 * m + 5 * s)).toEqual({ key: 'dhm', values: { d: 7, h: 3, m: 20 } })
    expect(countdownParts(29 * m + 40 * s)).toEqual({ key: 'ms', values: { m: 29, s: 40 } })
    expect(countdownParts(0)).toEqual({ key: 'ms', values: { m: 0, s: 0 } })
  })
})
