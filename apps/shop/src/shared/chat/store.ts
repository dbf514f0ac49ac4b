/**
 * A small value kept in localStorage and shared by every screen of this tab: read with
 * `read` (or use-stored.ts in components), written through `set`. Another tab's writes show
 * up too (the 'storage' event). No React here: the chat runtime chunk imports it.
 */
export function storedValue<T>(key: string, fallback: T, valid: (value: unknown) => value is T) {
  const listeners = new Set<() => void>()
  let cachedRaw: string | null | undefined
  let cached = fallback

  const read = (): T => {
    let raw: string | null = null
    try {
      raw = localStorage.getItem(key)
    } catch {
      // Storage blocked: the fallback it is.
    }
    if (raw !== cachedRaw) {
      cachedRaw = raw
      try {
        const parsed: unknown = raw === null ? fallback : JSON.parse(raw)
        cached = valid(parsed) ? parsed : fallback
      } catch {
        cached = fallback
      }
    }
    return cached
  }
  const set = (value: T) => {
    try {
      localStorage.setItem(key, JSON.stringify(value))
    } catch {
      // Full or blocked: the value lives until the page closes.
      cachedRaw = undefined
      cached = value
    }
    for (const listener of [...listeners]) listener()
  }
  const subscribe = (listener: () => void) => {
    listeners.add(listener)
    const onStorage = (event: StorageEvent) => event.key === key && listener()
    window.addEventListener('storage', onStorage)
    return () => {
      listeners.delete(listener)
      window.removeEventListener('storage', onStorage)
    }
  }
  return { read, set, subscribe, fallback }
}
