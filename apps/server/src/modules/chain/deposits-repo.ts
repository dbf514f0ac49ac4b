import type { Insertable, Updateable } from 'kysely'
import type { Trx } from '../../db/database.ts'
import type { ChainDepositsTable, DepositAddressesTable } from './tables.ts'

/** A user's deposit address under a key, or undefined. */
export function findUserAddress(db: Trx, keyId: number, userId: number) {
  return db.selectFrom('deposit_addresses').selectAll().where('key_id', '=', keyId).where('user_id', '=', userId).executeTakeFirst()
}

/** Inserts a deposit address and returns its row. */
export function insertAddress(db: Trx, row: Insertable<DepositAddressesTable>) {
  return db.insertInto('deposit_addresses').values(row).returningAll().executeTakeFirstOrThrow()
}

/** The deposit addresses of a network among `addresses` (lower case): the watcher's match, asked of the database, never of the node. */
export function findAddressesAmong(db: Trx, code: string, addresses: string[]) {
  if (addresses.length === 0) return Promise.resolve([])
  return db
    .selectFrom('deposit_addresses')
    .select(['id', 'user_id', 'address'])
    .where('network_code', '=', code)
    .where('address', 'in', addresses)
    .execute()
}

/** A network's deposit addresses after an id, in id order (balances are read in pages). */
export function findAddressPage(db: Trx, code: string, afterId: number, limit: number) {
  return db
    .selectFrom('deposit_addresses')
    .select(['id', 'address'])
    .where('network_code', '=', code)
    .where('id', '>', afterId)
    .orderBy('id')
    .limit(limit)
    .execute()
}

/** A deposit by its key (network, tx hash, log index), or undefined. */
export function findDepositByKey(db: Trx, code: string, txHash: string, logIndex: number) {
  return db
    .selectFrom('chain_deposits')
    .selectAll()
    .where('network_code', '=', code)
    .where('tx_hash', '=', txHash)
    .where('log_index', '=', logIndex)
    .executeTakeFirst()
}

/**
 * A deposit of the same transaction, address and amount whose block vanished (dropped, or
 * credited and flagged): the transfer a reorg put into another block, where its log index may
 * differ. Oldest first.
 */
export function findOrphan(db: Trx, d: { code: string; txHash: string; addressId: number; amountUnits: string }) {
  return db
    .selectFrom('chain_deposits')
    .selectAll()
    .where('network_code', '=', d.code)
    .where('tx_hash', '=', d.txHash)
    .where('address_id', '=', d.addressId)
    .where('amount_units', '=', d.amountUnits)
    .where((eb) => eb.or([eb('status', '=', 'dropped'), eb('reorged_at_ms', 'is not', null)]))
    .orderBy('id')
    .executeTakeFirst()
}

/** Inserts a deposit unless its key exists (a rescan, another watcher). */
export async function insertDeposit(db: Trx, row: Insertable<ChainDepositsTable>) {
  await db
    .insertInto('chain_deposits')
    .values(row)
    .onConflict((oc) => oc.columns(['network_code', 'tx_hash', 'log_index']).doNothing())
    .execute()
}

/** Changes a deposit; `where` guards the change (a conditional update whose row count decides). */
export async function updateDeposit(
  db: Trx,
  id: number,
  changes: Updateable<ChainDepositsTable>,
  where: { status?: ChainDepositsTable['status'][]; orphaned?: boolean; maxBlock?: number } = {},
): Promise<boolean> {
  let q = db.updateTable('chain_deposits').set(changes).where('id', '=', id)
  if (where.status) q = q.where('status', 'in', where.status)
  if (where.orphaned) q = q.where((eb) => eb.or([eb('status', '=', 'dropped'), eb('reorged_at_ms', 'is not', null)]))
  if (where.maxBlock !== undefined) q = q.where('block_number', '<=', where.maxBlock)
  const result = await q.executeTakeFirst()
  return Number(result.numUpdatedRows) === 1
}

/**
 * A reorg took the blocks above `block` away: deposits there that were not credited are
 * dropped (they may reappear), credited ones are flagged (never reversed).
 * @returns how many credited deposits were flagged now
 */
export async function orphanDepositsAbove(db: Trx, code: string, block: number, nowMs: number): Promise<number> {
  await db
    .updateTable('chain_deposits')
    .set({ status: 'dropped', decided_at_ms: nowMs })
    .where('network_code', '=', code)
    .where('block_number', '>', block)
    .where('status', 'in', ['pending', 'matched', 'below_minimum'])
    .execute()
  const flagged = await db
    .updateTable('chain_deposits')
    .set({ reorged_at_ms: nowMs })
    .where('network_code', '=', code)
    .where('block_number', '>', block)
    .where('status', '=', 'credited')
    .where('reorged_at_ms', 'is', null)
    .executeTakeFirst()
  return Number(flagged.numUpdatedRows)
}

/** Pending deposits of a network in blocks up to `maxBlock` (their confirmations are reached), oldest first. */
export function findDueDeposits(db: Trx, code: string, maxBlock: number, limit: number) {
  return db
    .selectFrom('chain_deposits')
    .selectAll()
    .where('network_code', '=', code)
    .where('status', '=', 'pending')
    .where('block_number', '<=', maxBlock)
    .orderBy('id')
    .limit(limit)
    .execute()
}

/** Pending deposits of a network (their owners see the confirmations count). */
export function findPendingDeposits(db: Trx, code: string, limit: number) {
  return db.selectFrom('chain_deposits').selectAll().where('network_code', '=', code).where('status', '=', 'pending').limit(limit).execute()
}

/** A deposit by id, or undefined. */
export function findDeposit(db: Trx, id: number) {
  return db.selectFrom('chain_deposits').selectAll().where('id', '=', id).executeTakeFirst()
}

/** A user's newest deposits, optionally on one network. */
export function findUserDeposits(db: Trx, userId: number, query: { networkCode?: string; limit: number }) {
  let q = db.selectFrom('chain_deposits').selectAll().where('user_id', '=', userId).where('status', '!=', 'dropped')
  if (query.networkCode) q = q.where('network_code', '=', query.networkCode)
  return q.orderBy('id', 'desc').limit(query.limit).execute()
}

/** Deposits on one of the operators' lists, newest first. */
export function findListedDeposits(db: Trx, list: 'below_minimum' | 'reorged' | 'matched' | 'pending', limit: number) {
  let q = db.selectFrom('chain_deposits').selectAll()
  q = list === 'reorged' ? q.where('reorged_at_ms', 'is not', null) : q.where('status', '=', list)
  return q.orderBy('id', 'desc').limit(limit).execute()
}

/** Count and cents of a network's deposits by status, flag and hand credit (the reconciliation's flows). */
export async function tallyDeposits(db: Trx) {
  return db
    .selectFrom('chain_deposits')
    .select((eb) => [
      'network_code',
      'status',
      eb.case().when('reorged_at_ms', 'is not', null).then(1).else(0).end().as('reorged'),
      eb.case().when('credited_by_operator_id', 'is not', null).then(1).else(0).end().as('by_hand'),
      eb.fn.countAll<number>().as('n'),
      eb.fn.sum<number>('amount_cents').as('cents'),
    ])
    .groupBy(['network_code', 'status', 'reorged', 'by_hand'])
    .execute()
}

/** What is below a cent of a network's credited deposits (decimal strings of base units, summed by the caller in bigint). */
export function findDust(db: Trx, code: string) {
  return db
    .selectFrom('chain_deposits')
    .select('dust_units')
    .where('network_code', '=', code)
    .where('status', '=', 'credited')
    .where('dust_units', '!=', '0')
    .execute()
}

/** Base units of a network's deposits on chain that nobody is owed yet: waiting for confirmations, or below the minimum (decimal strings). */
export function findUncreditedUnits(db: Trx, code: string) {
  return db
    .selectFrom('chain_deposits')
    .select('amount_units')
    .where('network_code', '=', code)
    .where('status', 'in', ['pending', 'below_minimum'])
    .execute()
}
