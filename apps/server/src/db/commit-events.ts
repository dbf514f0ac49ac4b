import type { DatabaseConnection, Kysely } from 'kysely'

/**
 * Events a module announces about data it wrote, heard only once that write has committed
 * (STYLE.md, Side effects after commit; Vendure's event bus). Modules add their events by
 * declaration merging:
 *
 * ```ts
 * declare module '../../db/commit-events.ts' {
 *   interface CommitEvents { 'order.message': { userId: number; … } }
 * }
 * ```
 */
// biome-ignore lint/suspicious/noEmptyInterface: filled by declaration merging in the modules.
export interface CommitEvents {}
export type CommitEventName = keyof CommitEvents

type Listener = (payload: never) => void

/** The listeners of one database's committed events. A listener that throws is reported, never rethrown into the commit. */
export class CommitBus {
  readonly #listeners = new Map<string, Set<Listener>>()
  /** Where a throwing listener is reported (the app sets its logger). */
  onError: (error: unknown, name: string) => void = (error, name) => console.error(`commit event ${name}:`, error)

  /** Adds a listener; returns the function that removes it. */
  on<K extends CommitEventName>(name: K, listener: (payload: CommitEvents[K]) => void): () => void {
    const set = this.#listeners.get(name) ?? new Set()
    set.add(listener as Listener)
    this.#listeners.set(name, set)
    return () => set.delete(listener as Listener)
  }

  emit(name: string, payload: unknown): void {
    for (const listener of this.#listeners.get(name) ?? []) {
      try {
        ;(listener as (p: unknown) => void)(payload)
      } catch (error) {
        this.onError(error, name)
      }
    }
  }
}

type Queued = { name: string; payload: unknown }
/** Events announced inside a transaction, by the connection that runs it (one transaction per connection at a time). */
const queued = new WeakMap<DatabaseConnection, Queued[]>()
/** The bus of the database a connection belongs to. */
const busOf = new WeakMap<DatabaseConnection, CommitBus>()

/** Driver hooks: a connection handed out by a database's driver is tied to that database's bus. */
export const commitHooks = {
  acquired(connection: DatabaseConnection, bus: CommitBus): void {
    busOf.set(connection, bus)
  },
  committed(connection: DatabaseConnection): void {
    const events = queued.get(connection)
    queued.delete(connection)
    const bus = busOf.get(connection)
    if (events && bus) for (const { name, payload } of events) bus.emit(name, payload)
  },
  rolledBack(connection: DatabaseConnection): void {
    queued.delete(connection)
  },
}

/**
 * Announces `name` once `trx` commits; dropped if it rolls back. Outside a transaction the
 * write has already committed, so listeners hear it at once. Listeners run after the commit
 * statement returned, on the same tick; they must not block (publish, enqueue).
 */
export async function emitAfterCommit<K extends CommitEventName, DB>(trx: Kysely<DB>, name: K, payload: CommitEvents[K]): Promise<void> {
  await trx.getExecutor().provideConnection(async (connection) => {
    if (trx.isTransaction) {
      const list = queued.get(connection) ?? []
      list.push({ name, payload })
      queued.set(connection, list)
    } else {
      busOf.get(connection)?.emit(name, payload)
    }
  })
}
