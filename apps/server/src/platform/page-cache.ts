/**
 * Rendered pages kept for a few seconds (issue 25), by path and language: the HTML of a
 * server-rendered page holds nothing of the session, so everyone asking for the same page in the
 * same language within `ttlMs` gets the same bytes, and the server renders it once (requests that
 * come while it renders wait for that render). At most `maxEntries` pages (the oldest go first),
 * so any number of distinct query strings holds a bounded amount of memory. A `ttlMs` of 0 keeps
 * nothing (BENCH G12 measures both).
 */
export class PageCache<T> {
  private readonly entries = new Map<string, { value: Promise<T>; expiresAtMs: number }>()

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries = 500,
  ) {}

  /** The value kept for `key`, or what `make` gives (kept when the cache is on; a failure is not kept). */
  get(key: string, make: () => Promise<T>): Promise<T> {
    if (this.ttlMs <= 0) return make()
    const nowMs = Date.now()
    const kept = this.entries.get(key)
    if (kept && kept.expiresAtMs > nowMs) return kept.value
    const value = make()
    const entry = { value, expiresAtMs: nowMs + this.ttlMs }
    this.entries.delete(key)
    this.entries.set(key, entry)
    value.catch(() => {
      if (this.entries.get(key) === entry) this.entries.delete(key)
    })
    for (const [old, { expiresAtMs }] of this.entries) {
      if (this.entries.size <= this.maxEntries && expiresAtMs > nowMs) break
      this.entries.delete(old)
    }
    return value
  }
}
