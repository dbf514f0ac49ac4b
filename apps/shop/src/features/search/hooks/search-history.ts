/** Local search history (SPEC §2 search): newest first, no duplicates, at most 20 entries. */
export const maxHistoryEntries = 20
const storageKey = 'bazaar.searchHistory'

export function readHistory(storage: Pick<Storage, 'getItem'> = localStorage): string[] {
  try {
    const parsed: unknown = JSON.parse(storage.getItem(storageKey) ?? '[]')
    return Array.isArray(parsed) ? parsed.filter((x): x is string => typeof x === 'string').slice(0, maxHistoryEntries) : []
  } catch {
    return []
  }
}

/** Puts `keywords` first, dropping an earlier equal entry (case-insensitive) and the oldest beyond the cap. */
export function withEntry(history: string[], keywords: string): string[] {
  const lower = keywords.toLowerCase()
  return [keywords, ...history.filter((h) => h.toLowerCase() !== lower)].slice(0, maxHistoryEntries)
}

export function writeHistory(history: string[], storage: Pick<Storage, 'setItem' | 'removeItem'> = localStorage): void {
  try {
    if (history.length === 0) storage.removeItem(storageKey)
    else storage.setItem(storageKey, JSON.stringify(history))
  } catch {
    // Storage full or blocked: history lasts for this visit only.
  }
}
