import { describe, expect, it } from 'vitest'
import { maxHistoryEntries, readHistory, withEntry, writeHistory } from './search-history'

function memoryStorage() {
  const map = new Map<string, string>()
  return {
    getItem: (k: string) => map.get(k) ?? null,
    setItem: (k: string, v: string) => void map.set(k, v),
    removeItem: (k: string) => void map.delete(k),
  }
}

describe('search history', () => {
  it('puts the newest first and removes an earlier equal entry', () => {
    expect(withEntry(['phone', 'shoes'], 'Shoes')).toEqual(['Shoes', 'phone'])
  })

  it(`keeps at most ${maxHistoryEntries} entries`, () => {
    let history: string[] = []
    for (let i = 0; i < 30; i++) history = withEntry(history, `word ${i}`)
    expect(history).toHaveLength(maxHistoryEntries)
    expect(history[0]).toBe('word 29')
  })

  it('round-trips through storage and clears to nothing', () => {
    const storage = memoryStorage()
    writeHistory(['a', 'b'], storage)
    expect(readHistory(storage)).toEqual(['a', 'b'])
    writeHistory([], storage)
    expect(readHistory(storage)).toEqual([])
  })

  it('ignores damaged storage', () => {
    const storage = memoryStorage()
    storage.setItem('bazaar.searchHistory', '{not json')
    expect(readHistory(storage)).toEqual([])
  })
})
