import type { FastifyRateLimitStore } from '@fastify/rate-limit'

/** Most client addresses one route remembers; the oldest are forgotten first. */
const maxKeys = 10_000

/**
 * The per-IP counter of one route when no Redis is configured: a fixed window per address.
 *
 * It replaces @fastify/rate-limit 11.2's LocalStore, which hands every request the same
 * mutable counter object: by the time the first of a burst reads it, the burst's later
 * increments are in it, so 30 concurrent requests against a limit of 20 were all refused,
 * the first included (measured here). This store answers each request with its own count.
 */
export class SnapshotStore implements FastifyRateLimitStore {
  private readonly windows = new Map<string, { count: number; startMs: number }>()

  incr(key: string, callback: (error: Error | null, result?: { current: number; ttl: number }) => void, timeWindow: number): void {
    const nowMs = Date.now()
    let window = this.windows.get(key)
    if (!window || window.startMs + timeWindow <= nowMs) {
      window = { count: 0, startMs: nowMs }
      this.windows.delete(key)
      if (this.windows.size >= maxKeys) this.windows.delete(this.windows.keys().next().value ?? '')
      this.windows.set(key, window)
    }
    window.count += 1
    callback(null, { current: window.count, ttl: window.startMs + timeWindow - nowMs })
  }

  child(): FastifyRateLimitStore {
    return new SnapshotStore()
  }
}
