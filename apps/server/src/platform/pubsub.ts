import { Redis } from 'ioredis'

/**
 * Publish/subscribe between the API nodes (ARCHITECTURE.md, Scale-out): with `REDIS_URL`,
 * Redis pub/sub, so a push published on one node reaches sockets held by another; without
 * it, in-process. Delivery is at most once: what matters is stored before it is published,
 * and clients catch up from the database when they reconnect (or on a `gap`).
 */
export interface PubSub {
  publish(channel: string, message: string): Promise<void>
  /** Adds a handler of a channel (subscribing this node on the first); resolves once subscribed; returns its removal. */
  subscribe(channel: string, handler: (message: string) => void): Promise<() => void>
  /** Called when messages may have been missed (the subscription connection came back after a drop). */
  onGap(listener: () => void): void
  close(): Promise<void>
}

type Handler = (message: string) => void

/** One process: handlers run on a later tick, as they would after a round trip through Redis. */
export function memoryPubSub(): PubSub {
  const channels = new Map<string, Set<Handler>>()
  return {
    async publish(channel, message) {
      const handlers = channels.get(channel)
      if (handlers?.size) setImmediate(() => deliver(handlers, message))
    },
    async subscribe(channel, handler) {
      const set = channels.get(channel) ?? new Set()
      set.add(handler)
      channels.set(channel, set)
      return () => {
        set.delete(handler)
        if (set.size === 0 && channels.get(channel) === set) channels.delete(channel)
      }
    },
    onGap() {},
    async close() {
      channels.clear()
    },
  }
}

function deliver(handlers: Set<Handler>, message: string) {
  for (const handler of [...handlers]) {
    try {
      handler(message)
    } catch (error) {
      console.error('pubsub handler failed:', error)
    }
  }
}

/**
 * Redis pub/sub (ioredis): one connection publishes, one subscribes. A channel is
 * subscribed while this node has a handler for it (a user's channel while the user has a
 * socket here), so a node hears only what it can deliver. Channel names are prefixed, so
 * several platforms (or test runs) can share a Redis.
 */
export function redisPubSub(url: string, prefix: string): PubSub {
  const publisher = new Redis(url, { maxRetriesPerRequest: 2 })
  const subscriber = new Redis(url)
  const channels = new Map<string, Set<Handler>>()
  // Subscribe and unsubscribe of one channel run in order, so a quick detach-attach never ends unsubscribed.
  const pending = new Map<string, Promise<unknown>>()
  const gapListeners: (() => void)[] = []
  let readyOnce = false

  subscriber.on('message', (full: string, message: string) => {
    const handlers = channels.get(full.slice(prefix.length))
    if (handlers) deliver(handlers, message)
  })
  subscriber.on('ready', () => {
    // ioredis subscribes again by itself after a reconnect; whatever was published meanwhile is lost.
    if (readyOnce) for (const listener of gapListeners) listener()
    readyOnce = true
  })
  subscriber.on('error', () => {})
  publisher.on('error', () => {})

  const inOrder = (channel: string, work: () => Promise<unknown>) => {
    const next = (pending.get(channel) ?? Promise.resolve()).then(work, work)
    pending.set(channel, next)
    void next.finally(() => {
      if (pending.get(channel) === next) pending.delete(channel)
    })
    return next
  }

  return {
    async publish(channel, message) {
      await publisher.publish(prefix + channel, message)
    },
    async subscribe(channel, handler) {
      let set = channels.get(channel)
      if (!set) {
        set = new Set()
        channels.set(channel, set)
      }
      const first = set.size === 0
      set.add(handler)
      if (first) await inOrder(channel, () => subscriber.subscribe(prefix + channel))
      const own = set
      return () => {
        own.delete(handler)
        if (own.size > 0 || channels.get(channel) !== own) return
        channels.delete(channel)
        void inOrder(channel, () => subscriber.unsubscribe(prefix + channel)).catch(() => {})
      }
    },
    onGap(listener) {
      gapListeners.push(listener)
    },
    async close() {
      channels.clear()
      subscriber.disconnect()
      await publisher.quit().catch(() => publisher.disconnect())
    },
  }
}
