import { describe, expect, it } from 'vitest'
import { nextRow, tableProblem, toLevels, toRow } from './level-values'

const seed = [
  { level: 1, bondCents: 0, profitRatioBasisPoints: 1000, dailyTraffic: 100, maxListings: 50 },
  { level: 2, bondCents: 50_000, profitRatioBasisPoints: 1500, dailyTraffic: 500, maxListings: 100 },
]

describe('bond level form values', () => {
  it('shows the bond in dollars and the ratio in percent, and reads them back exactly', () => {
    expect(toRow(seed[1]!)).toEqual({ bond: '500.00', ratioPercent: 15, dailyTraffic: 500, maxListings: 100 })
    expect(toLevels(seed.map(toRow))).toEqual(seed)
    expect(toLevels([{ ...toRow(seed[0]!), ratioPercent: 12.34 }])?.[0]?.profitRatioBasisPoints).toBe(1234)
  })

  it('refuses a row with an empty field, a bond that is not an amount or a ratio above 90 %', () => {
    expect(toLevels([{ ...toRow(seed[0]!), maxListings: null }])).toBeUndefined()
    expect(toLevels([{ ...toRow(seed[0]!), bond: '1.234' }])).toBeUndefined()
    expect(toLevels([{ ...toRow(seed[0]!), ratioPercent: 90.5 }])).toBeUndefined()
  })

  it('names the first level that costs no more, or gives less, than the one below', () => {
    expect(tableProblem(seed)).toBeUndefined()
    expect(tableProblem([seed[0]!, { ...seed[1]!, bondCents: 0 }])).toEqual({ problem: 'bond', level: 2 })
    expect(tableProblem([seed[0]!, { ...seed[1]!, profitRatioBasisPoints: 900 }])).toEqual({ problem: 'ratio', level: 2 })
    expect(tableProblem([seed[0]!, { ...seed[1]!, maxListings: 10 }])).toEqual({ problem: 'limits', level: 2 })
  })

  it('proposes a new top level that already fits the rule', () => {
    const rows = [...seed.map(toRow), nextRow(seed.map(toRow))]
    expect(rows[2]?.bond).toBe('1000.00')
    const levels = toLevels(rows)
    expect(levels && tableProblem(levels)).toBeUndefined()
  })
})
