import { describe, expect, it } from 'vitest'
import { dayName, groupByDay } from './day-groups'

describe('groupByDay', () => {
  it('groups newest-first items by local day, keeping their order', () => {
    const at = (y: number, m: number, d: number, h: number) => new Date(y, m, d, h).getTime()
    const items = [at(2026, 10, 25, 18), at(2026, 10, 25, 9), at(2026, 10, 24, 23), at(2026, 10, 20, 1)]
    const groups = groupByDay(items, (x) => x)
    expect(groups.map((g) => g.items.length)).toEqual([2, 1, 1])
    expect(groups[0]!.dayStartMs).toBe(new Date(2026, 10, 25).getTime())
  })

  it('names today and yesterday, and nothing older', () => {
    const now = new Date(2026, 10, 25, 12).getTime()
    expect(dayName(new Date(2026, 10, 25).getTime(), now)).toBe('today')
    expect(dayName(new Date(2026, 10, 24).getTime(), now)).toBe('yesterday')
    expect(dayName(new Date(2026, 10, 23).getTime(), now)).toBeUndefined()
  })
})
