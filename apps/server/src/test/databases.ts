import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { type Db, type DialectName, openDatabase, openSqlite } from '../db/database.ts'

/** PostgreSQL server the API suite runs against as well (a fresh database per test file). */
export const testPostgresUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/bazaar'

async function postgresReachable(): Promise<boolean> {
  const client = new pg.Client({ connectionString: testPostgresUrl, connectionTimeoutMillis: 2000 })
  try {
    await client.connect()
    return true
  } catch {
    return false
  } finally {
    await client.end().catch(() => {})
  }
}

/**
 * The dialects the API suite loops over: SQLite always; PostgreSQL when reachable. In CI
 * (CI=true) an unreachable PostgreSQL is an error, never a silent skip.
 */
export async function testDialects(): Promise<DialectName[]> {
  if (await postgresReachable()) return ['sqlite', 'postgres']
  if (process.env.CI === 'true') throw new Error(`PostgreSQL is not reachable at ${testPostgresUrl}; run .ci/start-services.sh`)
  console.warn(`PostgreSQL not reachable at ${testPostgresUrl}: API tests run on SQLite only (run .ci/start-services.sh)`)
  return ['sqlite']
}

/** A fresh, empty database of a dialect plus its data folder; `drop` removes both. */
export interface TestDatabase {
  db: Db
  dataDir: string
  /** The PostgreSQL database's URL (absent for SQLite), for processes that open it themselves. */
  url?: string
  drop(): Promise<void>
}

/** Creates a fresh database (SQLite file in a temp folder, or a new PostgreSQL database). */
export async function createTestDatabase(dialect: DialectName): Promise<TestDatabase> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'bazaar-test-'))
  if (dialect === 'sqlite') {
    const db = openSqlite(path.join(dataDir, 'bazaar.sqlite'))
    return {
      db,
      dataDir,
      drop: async () => {
        await db.close()
        rmSync(dataDir, { recursive: true, force: true })
      },
    }
  }
  const name = `bazaar_test_${process.pid}_${Math.random().toString(36).slice(2, 10)}`
  const admin = new pg.Client({ connectionString: testPostgresUrl })
  await admin.connect()
  await admin.query(`create database ${name}`)
  await admin.end()
  const url = new URL(testPostgresUrl)
  url.pathname = `/${name}`
  const db = openDatabase({ databaseUrl: url.toString(), dataDir, poolSize: 5 })
  return {
    db,
    dataDir,
    url: url.toString(),
    async drop() {
      await db.close()
      const cleanup = new pg.Client({ connectionString: testPostgresUrl })
      await cleanup.connect()
      // Without FORCE: backends of the closed pool may still be exiting; forcing them would
      // surface as FATAL errors on clients that are already shutting down.
      for (let attempt = 0; ; attempt++) {
        try {
          await cleanup.query(`drop database if exists ${name}`)
          break
        } catch (error) {
          if (attempt >= 50) throw error
          await new Promise((r) => setTimeout(r, 100))
        }
      }
      await cleanup.end()
      rmSync(dataDir, { recursive: true, force: true })
    },
  }
}
