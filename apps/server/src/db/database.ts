import { mkdirSync } from 'node:fs'
import path from 'node:path'
import SQLite from 'better-sqlite3'
import {
  CompiledQuery,
  type DatabaseConnection,
  Kysely,
  PostgresDialect,
  PostgresDriver,
  type SqliteDatabase,
  SqliteDialect,
  SqliteDriver,
  sql,
} from 'kysely'
import pg from 'pg'
import { CommitBus, commitHooks } from './commit-events.ts'
import { PoolWatch } from './pool-watch.ts'
import type { Database } from './schema.ts'

export type DialectName = 'sqlite' | 'postgres'

/**
 * A Kysely handle on the database or on an open transaction: what repo functions take first.
 * A service that another module calls takes the caller's `Trx` and never begins a transaction.
 */
export type Trx = Kysely<Database>

/** An open database: the Kysely instance and which dialect it speaks. */
export interface Db {
  kysely: Kysely<Database>
  dialect: DialectName
  /** Announcements heard after their transaction commits (commit-events.ts). */
  events: CommitBus
  /** Connections held and waited for (pool-watch.ts), for the metrics. */
  pool: PoolWatch
  /** PostgreSQL's URL, for the one part that needs a connection of its own (platform/lease.ts); absent on SQLite. */
  url?: string
  /** Closes the pool or file handle. */
  close(): Promise<void>
}

// pg returns BIGINT (int8, COUNT) and NUMERIC as text; our int8 values are epoch ms and
// cents, far below 2^53, so they come back as numbers (kysely recipe 0002-data-types).
pg.types.setTypeParser(20, (v) => Number.parseInt(v, 10))

/**
 * Opens the database named by the settings: PostgreSQL for a `postgres://` URL, otherwise
 * SQLite at `<dataDir>/bazaar.sqlite` in WAL mode with synchronous=FULL and foreign keys on
 * (ARCHITECTURE.md, Decisions: SQLite).
 */
export function openDatabase(options: { databaseUrl?: string; dataDir: string; poolSize?: number }): Db {
  if (options.databaseUrl) {
    const size = options.poolSize ?? 10
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: size })
    // An idle connection the server lost (PostgreSQL restarted, a network cut) is dropped from
    // the pool and the next query opens a new one; unheard, the pool's 'error' would end the
    // process (node-postgres: "idle clients ... emit an error").
    pool.on('error', (error) => console.error(`PostgreSQL dropped an idle connection: ${error.message}`))
    // A connection lost while a request holds it (PostgreSQL killed mid-transaction) is emitted
    // on its client, not the pool; unheard, it is an uncaught exception that ends the process
    // (crash proof, PROOF_PG_KILL). Heard, the request's query fails, the pool drops the broken
    // client when it comes back (pg-pool discards a client that is no longer queryable), and the
    // next request opens a new connection.
    pool.on('connect', (client) => client.on('error', (error) => console.error(`PostgreSQL dropped a connection in use: ${error.message}`)))
    const events = new CommitBus()
    const watch = new PoolWatch(size)
    const kysely = new Kysely<Database>({ dialect: new EventfulPostgresDialect(pool, events, watch) })
    return { kysely, dialect: 'postgres', events, pool: watch, url: options.databaseUrl, close: () => kysely.destroy() }
  }
  mkdirSync(options.dataDir, { recursive: true })
  return openSqlite(path.join(options.dataDir, 'bazaar.sqlite'))
}

/**
 * Write transactions take the write lock at BEGIN, so they never fail midway on an upgrade;
 * commits release the events announced inside them (commit-events.ts).
 */
class ImmediateSqliteDriver extends SqliteDriver {
  constructor(
    database: SqliteDatabase,
    private readonly events: CommitBus,
    private readonly watch: PoolWatch,
  ) {
    super({ database })
  }
  override async acquireConnection(): Promise<DatabaseConnection> {
    const connection = await this.watch.acquire(() => super.acquireConnection())
    commitHooks.acquired(connection, this.events)
    return connection
  }
  override async releaseConnection(): Promise<void> {
    await this.watch.release(() => super.releaseConnection())
  }
  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('begin immediate'))
  }
  override async commitTransaction(connection: DatabaseConnection): Promise<void> {
    await super.commitTransaction(connection)
    commitHooks.committed(connection)
  }
  override async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    commitHooks.rolledBack(connection)
    await super.rollbackTransaction(connection)
  }
}

class ImmediateSqliteDialect extends SqliteDialect {
  constructor(
    private readonly database: SqliteDatabase,
    private readonly events: CommitBus,
    private readonly watch: PoolWatch,
  ) {
    super({ database })
  }
  override createDriver() {
    return new ImmediateSqliteDriver(this.database, this.events, this.watch)
  }
}

/** pg's driver, with commits releasing the events announced inside them (commit-events.ts). */
class EventfulPostgresDriver extends PostgresDriver {
  constructor(
    pool: pg.Pool,
    private readonly events: CommitBus,
    private readonly watch: PoolWatch,
  ) {
    super({ pool })
  }
  override async acquireConnection(): Promise<DatabaseConnection> {
    const connection = await this.watch.acquire(() => super.acquireConnection())
    commitHooks.acquired(connection, this.events)
    return connection
  }
  override async releaseConnection(connection: Parameters<PostgresDriver['releaseConnection']>[0]): Promise<void> {
    await this.watch.release(() => super.releaseConnection(connection))
  }
  override async commitTransaction(connection: DatabaseConnection): Promise<void> {
    await super.commitTransaction(connection)
    commitHooks.committed(connection)
  }
  override async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    commitHooks.rolledBack(connection)
    await super.rollbackTransaction(connection)
  }
}

class EventfulPostgresDialect extends PostgresDialect {
  constructor(
    private readonly pool: pg.Pool,
    private readonly events: CommitBus,
    private readonly watch: PoolWatch,
  ) {
    super({ pool })
  }
  override createDriver() {
    return new EventfulPostgresDriver(this.pool, this.events, this.watch)
  }
}

/**
 * better-sqlite3 behind a cache of prepared statements: Kysely prepares every statement
 * again (60–80 µs each, STACK.md trap 12), while our SQL texts are few and repeat.
 */
function withStatementCache(database: SQLite.Database, maxStatements = 1000): SqliteDatabase {
  const cache = new Map<string, SQLite.Statement>()
  return {
    close: () => database.close(),
    prepare(text: string) {
      let statement = cache.get(text)
      if (!statement) {
        statement = database.prepare(text)
        if (cache.size >= maxStatements) cache.delete(cache.keys().next().value as string)
        cache.set(text, statement)
      }
      return statement as unknown as ReturnType<SqliteDatabase['prepare']>
    },
  }
}

/** Opens a SQLite file (or ':memory:') with the product's pragmas. */
export function openSqlite(file: string): Db {
  const database = new SQLite(file)
  database.pragma('journal_mode = WAL')
  database.pragma('synchronous = FULL')
  database.pragma('foreign_keys = ON')
  database.pragma('busy_timeout = 5000')
  // Reads through the OS page cache instead of SQLite's 2 MB cache: a deep cursor at 1M
  // listings fell from 1,250 to 520 µs (bench/explain.ts), the first page from 863 to 586.
  database.pragma('mmap_size = 1073741824')
  const events = new CommitBus()
  const watch = new PoolWatch(1)
  const kysely = new Kysely<Database>({ dialect: new ImmediateSqliteDialect(withStatementCache(database), events, watch) })
  return { kysely, dialect: 'sqlite', events, pool: watch, close: () => kysely.destroy() }
}

/** Cheap liveness probe for `/healthz`: throws when the database does not answer. */
export async function pingDatabase(db: Db): Promise<void> {
  await sql`select 1`.execute(db.kysely)
}
