/**
 * What 'clear cache' removes from this device (SPEC §2 settings): the local search history.
 * The session (bazaar.userinfo) and the language (bazaar.lang) stay, and so does anything
 * not listed here (a visitor's device cart is data, not cache).
 */
export const cacheStorageKeys = ['bazaar.searchHistory'] as const

export function clearLocalCaches(storage: Pick<Storage, 'removeItem'> = localStorage): void {
  for (const key of cacheStorageKeys) {
    try {
      storage.removeItem(key)
    } catch {
      // Storage blocked: there is nothing stored to clear either.
    }
  }
}
