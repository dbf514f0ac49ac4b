import type { Insertable, Updateable } from 'kysely'
import type { Trx } from '../../db/database.ts'
import type { ChainNetworksTable, ChainWatchTable } from './tables.ts'

/** A network's chain settings, or undefined when operators have not saved any. */
export function findChainNetwork(db: Trx, code: string) {
  return db.selectFrom('chain_networks').selectAll().where('network_code', '=', code).executeTakeFirst()
}

/** Every network's chain settings. */
export function findChainNetworks(db: Trx) {
  return db.selectFrom('chain_networks').selectAll().orderBy('network_code').execute()
}

/** Writes a network's chain settings (insert or replace) and returns the row. */
export async function saveChainNetwork(db: Trx, row: Insertable<ChainNetworksTable>) {
  const { network_code: _code, ...changes } = row
  return db
    .insertInto('chain_networks')
    .values(row)
    .onConflict((oc) => oc.column('network_code').doUpdateSet(changes))
    .returningAll()
    .executeTakeFirstOrThrow()
}

/** The watcher's state of a network, or undefined before its first poll. */
export function findWatch(db: Trx, code: string) {
  return db.selectFrom('chain_watch').selectAll().where('network_code', '=', code).executeTakeFirst()
}

/** Every network's watcher state. */
export function findWatches(db: Trx) {
  return db.selectFrom('chain_watch').selectAll().execute()
}

/** Writes part of a network's watcher state (the row is made on first use). */
export async function saveWatch(
  db: Trx,
  code: string,
  changes: Omit<Updateable<ChainWatchTable>, 'network_code'> & { updated_at_ms: number },
) {
  await db
    .insertInto('chain_watch')
    .values({ network_code: code, ...changes } as Insertable<ChainWatchTable>)
    .onConflict((oc) => oc.column('network_code').doUpdateSet(changes))
    .execute()
}

/**
 * Moves the cursor forward to `block` (never back: of two watchers racing, the later range
 * wins) and records the head; a conditional update, so a cursor that another pass already
 * moved further stays.
 */
export async function advanceCursor(db: Trx, code: string, block: number, headBlock: number, nowMs: number) {
  await saveWatch(db, code, { updated_at_ms: nowMs })
  await db
    .updateTable('chain_watch')
    .set({ cursor_block: block })
    .where('network_code', '=', code)
    .where((eb) => eb.or([eb('cursor_block', 'is', null), eb('cursor_block', '<', block)]))
    .execute()
  await db
    .updateTable('chain_watch')
    .set({ head_block: headBlock })
    .where('network_code', '=', code)
    .where((eb) => eb.or([eb('head_block', 'is', null), eb('head_block', '<', headBlock)]))
    .execute()
}

/** Hashes of a network's recorded recent blocks, newest first. */
export function findBlocks(db: Trx, code: string) {
  return db.selectFrom('chain_blocks').select(['number', 'hash']).where('network_code', '=', code).orderBy('number', 'desc').execute()
}

/** Records block hashes (a block seen again takes its new hash). */
export async function saveBlocks(db: Trx, code: string, blocks: { number: number; hash: string }[]) {
  if (blocks.length === 0) return
  await db
    .insertInto('chain_blocks')
    .values(blocks.map((b) => ({ network_code: code, number: b.number, hash: b.hash })))
    .onConflict((oc) => oc.columns(['network_code', 'number']).doUpdateSet((eb) => ({ hash: eb.ref('excluded.hash') })))
    .execute()
}

/** Forgets recorded blocks above `number` (they were reorged away) or below `belowNumber` (too old to matter). */
export async function deleteBlocks(db: Trx, code: string, range: { above?: number; below?: number }) {
  let q = db.deleteFrom('chain_blocks').where('network_code', '=', code)
  if (range.above !== undefined) q = q.where('number', '>', range.above)
  if (range.below !== undefined) q = q.where('number', '<', range.below)
  await q.execute()
}

/** The key of a network with this xpub, or undefined. */
export function findKey(db: Trx, code: string, xpub: string) {
  return db.selectFrom('deposit_keys').selectAll().where('network_code', '=', code).where('xpub', '=', xpub).executeTakeFirst()
}

/** Records a network's key once (a key set again keeps its row and counter). */
export async function insertKey(db: Trx, code: string, xpub: string, nowMs: number) {
  await db
    .insertInto('deposit_keys')
    .values({ network_code: code, xpub, created_at_ms: nowMs })
    .onConflict((oc) => oc.columns(['network_code', 'xpub']).doNothing())
    .execute()
}

/**
 * Takes the key's next derivation index: the counter is bumped in the statement that reads
 * it (on PostgreSQL the row stays locked until the transaction ends, so indexes are given in
 * order, without gaps once the transaction commits).
 * @returns the index taken
 */
export async function takeKeyIndex(db: Trx, keyId: number): Promise<number> {
  const row = await db
    .updateTable('deposit_keys')
    .set((eb) => ({ next_index: eb('next_index', '+', 1) }))
    .where('id', '=', keyId)
    .returning('next_index')
    .executeTakeFirstOrThrow()
  return Number(row.next_index) - 1
}
