import { performance } from 'node:perf_hooks'

/**
 * What the database's connections are doing, for the metrics (platform/metrics.ts): how many
 * there may be, how many queries hold one, how many wait for one, and how long each wait took.
 *
 * - PostgreSQL: a pg pool of `size` connections; a wait is the time a query spends in
 *   `pool.connect()` (queued behind busy connections, or opening a new one).
 * - SQLite: no pool. better-sqlite3 is one synchronous connection that Kysely guards with a
 *   mutex, so `size` is 1 and a wait is the time spent queued behind the query or transaction
 *   that holds it (a write transaction holds it from BEGIN to COMMIT). SQLite's own
 *   `busy_timeout` waits (another process holding the file lock) happen inside a statement and
 *   show in request latency, not here.
 */
export class PoolWatch {
  /** Connections the pool may open (1 for SQLite). */
  readonly size: number
  /** Connections held by a query or transaction now. */
  inUse = 0
  /** Queries waiting for a connection now. */
  waiting = 0
  readonly #waitObservers = new Set<(waitSeconds: number) => void>()

  constructor(size: number) {
    this.size = size
  }

  /** Hears every finished wait, in seconds; returns the function that stops hearing. */
  onWait(observer: (waitSeconds: number) => void): () => void {
    this.#waitObservers.add(observer)
    return () => this.#waitObservers.delete(observer)
  }

  /** Wraps a driver's acquireConnection: counts the wait and the connection held. */
  async acquire<T>(acquireConnection: () => Promise<T>): Promise<T> {
    const startedMs = performance.now()
    this.waiting++
    let connection: T
    try {
      connection = await acquireConnection()
    } finally {
      this.waiting--
    }
    this.inUse++
    const waitSeconds = (performance.now() - startedMs) / 1000
    for (const observer of this.#waitObservers) observer(waitSeconds)
    return connection
  }

  /** Wraps a driver's releaseConnection. */
  async release(releaseConnection: () => Promise<void>): Promise<void> {
    this.inUse--
    await releaseConnection()
  }
}
