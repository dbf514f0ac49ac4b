import { describe, expect, it } from 'vitest'
import { addLine, type DeviceLine, lineKey, parseLines, removeLines, setQuantity, setSelected, toMergeItems } from './device-cart'

const line = (listingId: number, skuId: number, quantity = 1, selected = true): DeviceLine => ({ listingId, skuId, quantity, selected })

describe('device cart (a visitor’s cart in localStorage)', () => {
  it('reads stored lines and drops malformed entries and duplicates', () => {
    const raw = JSON.stringify([
      line(1, 2, 3),
      { listingId: 'x', skuId: 2, quantity: 1 },
      line(1, 2, 9),
      { listingId: 4, skuId: 5, quantity: 0 },
      { listingId: 6, skuId: 7, quantity: 2, selected: false },
    ])
    expect(parseLines(raw)).toEqual([line(1, 2, 3), line(6, 7, 2, false)])
    expect(parseLines('not json')).toEqual([])
    expect(parseLines('{"a":1}')).toEqual([])
    expect(parseLines(null)).toEqual([])
  })

  it('caps a stored quantity at 999 and the cart at 200 lines', () => {
    expect(parseLines(JSON.stringify([line(1, 1, 5000)]))[0]?.quantity).toBe(999)
    const many = Array.from({ length: 250 }, (_, i) => line(i + 1, 1))
    expect(parseLines(JSON.stringify(many))).toHaveLength(200)
  })

  it('adds a new SKU first, selected', () => {
    const { lines, added } = addLine([line(1, 1, 1, false)], { listingId: 2, skuId: 3, quantity: 2 }, 10)
    expect(added).toBe(true)
    expect(lines).toEqual([line(2, 3, 2), line(1, 1, 1, false)])
  })

  it('adds up quantities of the same SKU within stock, and refuses beyond it', () => {
    const first = addLine([line(1, 1, 2)], { listingId: 1, skuId: 1, quantity: 3 }, 5)
    expect(first).toEqual({ lines: [line(1, 1, 5)], added: true })
    const second = addLine(first.lines, { listingId: 1, skuId: 1, quantity: 1 }, 5)
    expect(second.added).toBe(false)
    expect(second.lines).toBe(first.lines)
  })

  it('refuses a new line in a full cart but still adds to an existing one', () => {
    const full = Array.from({ length: 200 }, (_, i) => line(i + 1, 1))
    expect(addLine(full, { listingId: 999, skuId: 1, quantity: 1 }, 10).added).toBe(false)
    expect(addLine(full, { listingId: 5, skuId: 1, quantity: 1 }, 10).added).toBe(true)
  })

  it('keeps a changed quantity within 1 and the stock', () => {
    const lines = [line(1, 1, 2)]
    expect(setQuantity(lines, '1:1', 0, 5)[0]?.quantity).toBe(1)
    expect(setQuantity(lines, '1:1', 9, 5)[0]?.quantity).toBe(5)
    expect(setQuantity(lines, '1:1', 3.7, 5)[0]?.quantity).toBe(3)
  })

  it('selects, clears and removes by key', () => {
    const lines = [line(1, 1), line(2, 2), line(3, 3)]
    const keys = new Set(['1:1', '3:3'])
    expect(setSelected(lines, keys, false).map((l) => l.selected)).toEqual([false, true, false])
    expect(removeLines(lines, keys).map(lineKey)).toEqual(['2:2'])
  })

  it('sends the lines to merge without the device-only selection', () => {
    expect(toMergeItems([line(1, 2, 3, false)])).toEqual([{ listingId: 1, skuId: 2, quantity: 3 }])
  })
})
