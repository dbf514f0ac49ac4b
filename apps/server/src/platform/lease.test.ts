import pg from 'pg'
import { afterEach, describe, expect, it } from 'vitest'
import { createTestDatabase, type TestDatabase, testDialects } from '../test/databases.ts'
import { tryLease } from './lease.ts'

/**
 * The lease of a singleton across nodes (ARCHITECTURE.md, Jobs across nodes): on PostgreSQL
 * an advisory lock on a connection of its own, held by one session at a time and freed when
 * that connection dies; on SQLite the one node holds it.
 */
describe.each(await testDialects())('leases on %s', (dialect) => {
  let database: TestDatabase | undefined
  afterEach(async () => database?.drop())

  it('is held by one holder at a time, and taken over once given up or once its connection dies', async () => {
    database = await createTestDatabase(dialect)
    const first = await tryLease(database.db, 'chain-watcher:ERC20')
    expect(first).toBeDefined()
    expect(await first!.check()).toBe(true)
    if (dialect === 'sqlite') {
      await first!.release()
      expect(await first!.check()).toBe(false)
      return
    }
    expect(await tryLease(database.db, 'chain-watcher:ERC20')).toBeUndefined()
    const other = await tryLease(database.db, 'chain-watcher:BEP20')
    expect(other).toBeDefined()
    await first!.release()
    const second = await tryLease(database.db, 'chain-watcher:ERC20')
    expect(second).toBeDefined()
    // A node that dies (its connection ended by PostgreSQL) frees the lease for another.
    const admin = new pg.Client({ connectionString: database.url })
    await admin.connect()
    await admin.query(`select pg_terminate_backend(pid) from pg_stat_activity where application_name = 'bazaar lease chain-watcher:ERC20'`)
    await admin.end()
    expect(await second!.check()).toBe(false)
    // The ended backend lets its locks go as it exits: a moment after the signal.
    let third = await tryLease(database.db, 'chain-watcher:ERC20')
    for (let n = 0; !third && n < 50; n++) {
      await new Promise((r) => setTimeout(r, 100))
      third = await tryLease(database.db, 'chain-watcher:ERC20')
    }
    expect(third).toBeDefined()
    await Promise.all([second!.release(), third!.release(), other!.release()])
  })
})
