import { describe, expect, it } from 'vitest'
import { formatDuration, joinDuration, splitDuration } from './duration'

describe('splitDuration', () => {
  it('reads each order rule default in the unit an operator would say', () => {
    expect(splitDuration(30 * 60_000)).toEqual({ value: 30, unit: 'minutes' })
    expect(splitDuration(24 * 3_600_000)).toEqual({ value: 1, unit: 'days' })
    expect(splitDuration(25 * 3_600_000)).toEqual({ value: 25, unit: 'hours' })
    expect(splitDuration(7 * 86_400_000)).toEqual({ value: 7, unit: 'days' })
  })

  it('reads no time as 0 days and rounds seconds to the minute', () => {
    expect(splitDuration(0)).toEqual({ value: 0, unit: 'days' })
    expect(splitDuration(90_000)).toEqual({ value: 2, unit: 'minutes' })
  })

  it('gives back the milliseconds it read', () => {
    for (const ms of [60_000, 3_600_000, 5 * 86_400_000, 36 * 3_600_000]) {
      const { value, unit } = splitDuration(ms)
      expect(joinDuration(value, unit)).toBe(ms)
    }
  })
})

describe('formatDuration', () => {
  it('names the unit in the language, singular or plural', () => {
    expect(formatDuration(30 * 60_000, 'en')).toBe('30 minutes')
    expect(formatDuration(86_400_000, 'en')).toBe('1 day')
    expect(formatDuration(3 * 86_400_000, 'de')).toBe('3 Tage')
  })
})
