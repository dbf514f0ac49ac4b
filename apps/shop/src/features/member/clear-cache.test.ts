import { describe, expect, it } from 'vitest'
import { clearLocalCaches } from './clear-cache'

describe('clear cache', () => {
  it('removes the search history and keeps the session and the language', () => {
    const store = new Map([
      ['bazaar.searchHistory', '["phone"]'],
      ['bazaar.userinfo', '{"token":"t"}'],
      ['bazaar.lang', 'ar'],
    ])
    clearLocalCaches({ removeItem: (key: string) => void store.delete(key) })
    expect([...store.keys()].sort()).toEqual(['bazaar.lang', 'bazaar.userinfo'])
  })
})
