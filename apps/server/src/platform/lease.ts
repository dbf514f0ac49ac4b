import pg from 'pg'
import type { Db } from '../db/database.ts'

/**
 * A lease: the right of one process among all nodes to run a singleton (ARCHITECTURE.md, Jobs
 * across nodes), such as a chain watcher with its cursor. On PostgreSQL it is a session
 * advisory lock held on a connection of its own (never one of the pool's): it is lost with
 * that connection, so a node that dies or is cut off frees it for another. On SQLite the one
 * node holds every lease.
 *
 * A lease saves work, it does not keep money right: whatever a holder writes stays guarded by
 * the database (unique keys, conditional updates), so a node that lost its lease mid-pass and
 * another that took it over can never both move the same money.
 */
export interface Lease {
  readonly name: string
  /** Whether the lease is still held, asked of the database (a query on the lease's own connection). */
  check(): Promise<boolean>
  /** Gives the lease up (unlock, close the connection); safe to call twice. */
  release(): Promise<void>
}

/** The advisory lock key of a lease name: PostgreSQL's own 32-bit hash of the text, in a class of our own. */
const leaseClass = 0x42617a61 // 'Baza'

/**
 * Takes the lease `name` when nobody holds it.
 * @returns the lease, or undefined when another session holds it (try again later)
 * @throws when PostgreSQL cannot be reached
 */
export async function tryLease(db: Db, name: string): Promise<Lease | undefined> {
  if (db.dialect === 'sqlite' || !db.url) return sqliteLease(name)
  const client = new pg.Client({ connectionString: db.url, application_name: `bazaar lease ${name}`.slice(0, 63) })
  let alive = true
  // A dropped connection ends the lease; unheard, the client's 'error' would end the process.
  client.on('error', () => {
    alive = false
  })
  client.on('end', () => {
    alive = false
  })
  await client.connect()
  try {
    const { rows } = await client.query<{ taken: boolean }>('select pg_try_advisory_lock($1, hashtext($2)) as taken', [leaseClass, name])
    if (!rows[0]?.taken) {
      await client.end()
      return undefined
    }
  } catch (error) {
    await client.end().catch(() => {})
    throw error
  }
  let released = false
  return {
    name,
    async check() {
      if (!alive || released) return false
      try {
        const { rows } = await client.query<{ held: boolean }>(
          `select exists (select 1 from pg_locks where locktype = 'advisory' and pid = pg_backend_pid()
             and classid = $1::int::oid and objid = hashtext($2)::oid and granted) as held`,
          [leaseClass, name],
        )
        return rows[0]?.held === true
      } catch {
        alive = false
        return false
      }
    },
    async release() {
      if (released) return
      released = true
      if (alive) await client.query('select pg_advisory_unlock($1, hashtext($2))', [leaseClass, name]).catch(() => {})
      await client.end().catch(() => {})
    },
  }
}

function sqliteLease(name: string): Lease {
  let released = false
  return {
    name,
    check: async () => !released,
    async release() {
      released = true
    },
  }
}
