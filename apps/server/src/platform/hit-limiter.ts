import type { Redis } from 'ioredis'

/**
 * A fixed-window counter for limits that are not per HTTP route (a user's chat messages,
 * whether sent over HTTP or the socket): in Redis when the nodes share one, so a user
 * cannot double the limit by holding sockets on two nodes; in memory otherwise.
 */
export interface HitLimiter {
  /** Counts one hit of `key`; false when it is over `max` in the current window of `windowMs`. */
  hit(key: string, max: number, windowMs: number): Promise<boolean>
}

/** In memory, for one node. Old windows are dropped as the map grows. */
export function memoryLimiter(): HitLimiter {
  const windows = new Map<string, { count: number; endsAtMs: number }>()
  return {
    async hit(key, max, windowMs) {
      const nowMs = Date.now()
      let window = windows.get(key)
      if (!window || window.endsAtMs <= nowMs) {
        if (windows.size > 10_000) for (const [k, w] of windows) if (w.endsAtMs <= nowMs) windows.delete(k)
        window = { count: 0, endsAtMs: nowMs + windowMs }
        windows.set(key, window)
      }
      window.count += 1
      return window.count <= max
    },
  }
}

/**
 * In Redis: INCR, and PEXPIRE on the window's first hit. If Redis does not answer the hit is
 * allowed (a chat should not stop because the limiter is away) and the error reported.
 */
export function redisLimiter(redis: Redis, prefix: string, onError: (error: unknown) => void): HitLimiter {
  return {
    async hit(key, max, windowMs) {
      try {
        const count = await redis.incr(prefix + key)
        if (count === 1) await redis.pexpire(prefix + key, windowMs)
        return count <= max
      } catch (error) {
        onError(error)
        return true
      }
    },
  }
}
