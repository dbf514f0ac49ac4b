import type { RequestStatus } from '@bazaar/contract/wallet-values'
import type { Insertable, Updateable } from 'kysely'
import type { Trx } from '../../db/database.ts'
import type { ChainCreditsTable, DepositHashesTable, NetworksTable, RechargesTable, WithdrawalsTable } from './tables.ts'

/** All networks in display order. */
export function findNetworks(db: Trx) {
  return db.selectFrom('networks').selectAll().orderBy('sort_order').execute()
}

/** One network by code, or undefined. */
export function findNetwork(db: Trx, code: string) {
  return db.selectFrom('networks').selectAll().where('code', '=', code).executeTakeFirst()
}

/** Inserts networks that do not exist yet (existing rows are kept as operators left them). */
export function insertMissingNetworks(db: Trx, rows: Insertable<NetworksTable>[]) {
  return db
    .insertInto('networks')
    .values(rows)
    .onConflict((oc) => oc.column('code').doNothing())
    .execute()
}

/** Changes a network's editable settings; returns the new row. */
export function updateNetwork(db: Trx, code: string, changes: Updateable<NetworksTable>) {
  return db.updateTable('networks').set(changes).where('code', '=', code).returningAll().executeTakeFirstOrThrow()
}

/** Inserts a recharge and returns its row. */
export function insertRecharge(db: Trx, row: Insertable<RechargesTable>) {
  return db.insertInto('recharges').values(row).returningAll().executeTakeFirstOrThrow()
}

/**
 * Claims a deposit transaction hash for a credit: inserts it unless its (network, hash) is
 * there already (the primary key decides, also between concurrent transactions: on PostgreSQL
 * the second insert waits for the first to commit), then reads the claim that holds.
 * @returns the holding claim, and whether this call made it
 */
export async function claimDepositHash(db: Trx, row: Insertable<DepositHashesTable>) {
  const inserted = await db
    .insertInto('deposit_hashes')
    .values(row)
    .onConflict((oc) => oc.columns(['network_code', 'tx_hash']).doNothing())
    .executeTakeFirst()
  const holding = await db
    .selectFrom('deposit_hashes')
    .selectAll()
    .where('network_code', '=', row.network_code)
    .where('tx_hash', '=', row.tx_hash)
    .executeTakeFirstOrThrow()
  return { holding, claimed: Number(inserted.numInsertedOrUpdatedRows ?? 0) === 1 }
}

/** How many of a user's recharges and withdrawals wait for an operator's review. */
export async function countPendingRequests(db: Trx, userId: number): Promise<{ recharges: number; withdrawals: number }> {
  const count = async (table: 'recharges' | 'withdrawals') => {
    const row = await db
      .selectFrom(table)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('user_id', '=', userId)
      .where('status', '=', 'pending')
      .executeTakeFirstOrThrow()
    return Number(row.n)
  }
  return { recharges: await count('recharges'), withdrawals: await count('withdrawals') }
}

/** Inserts a withdrawal and returns its row. */
export function insertWithdrawal(db: Trx, row: Insertable<WithdrawalsTable>) {
  return db.insertInto('withdrawals').values(row).returningAll().executeTakeFirstOrThrow()
}

type Decision = {
  status: 'approved' | 'rejected'
  reject_reason?: string
  payout_tx_hash?: string
  payout_check?: 'pending' | null
  reviewed_by_operator_id: number
  reviewed_at_ms: number
}

/**
 * Moves a pending recharge out of 'pending' (an operator's decision); a conditional update,
 * so of two operators only one decides.
 * @returns the decided row, or undefined when it was not pending
 */
export function decideRecharge(db: Trx, id: number, decision: Decision) {
  return db.updateTable('recharges').set(decision).where('id', '=', id).where('status', '=', 'pending').returningAll().executeTakeFirst()
}

/** One withdrawal by id, or undefined. */
export function findWithdrawal(db: Trx, id: number) {
  return db.selectFrom('withdrawals').selectAll().where('id', '=', id).executeTakeFirst()
}

/** As `decideRecharge`, for a withdrawal. */
export function decideWithdrawal(db: Trx, id: number, decision: Decision) {
  return db.updateTable('withdrawals').set(decision).where('id', '=', id).where('status', '=', 'pending').returningAll().executeTakeFirst()
}

/** Recharges in a review status, oldest first, after an id; reads `limit + 1`. */
export function findRechargePage(db: Trx, query: { status: RequestStatus; afterId?: number; limit: number }) {
  let q = db.selectFrom('recharges').selectAll().where('status', '=', query.status)
  if (query.afterId !== undefined) q = q.where('id', '>', query.afterId)
  return q
    .orderBy('id')
    .limit(query.limit + 1)
    .execute()
}

/** Withdrawals in a review status, oldest first, after an id; reads `limit + 1`. */
export function findWithdrawalPage(db: Trx, query: { status: RequestStatus; afterId?: number; limit: number }) {
  let q = db.selectFrom('withdrawals').selectAll().where('status', '=', query.status)
  if (query.afterId !== undefined) q = q.where('id', '>', query.afterId)
  return q
    .orderBy('id')
    .limit(query.limit + 1)
    .execute()
}

/** How many withdrawals a user has asked for on a network since a time, rejected ones not counted. */
export async function countWithdrawalsSince(db: Trx, userId: number, networkCode: string, sinceMs: number): Promise<number> {
  const row = await db
    .selectFrom('withdrawals')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .where('network_code', '=', networkCode)
    .where('status', '!=', 'rejected')
    .where('created_at_ms', '>=', sinceMs)
    .executeTakeFirstOrThrow()
  return Number(row.n)
}

/** A user's saved withdrawal addresses, newest first (at most 100). */
export function findAddresses(db: Trx, userId: number) {
  return db.selectFrom('withdrawal_addresses').selectAll().where('user_id', '=', userId).orderBy('id', 'desc').limit(100).execute()
}

/** One saved address of a user, optionally on a network, by id. */
export function findAddress(db: Trx, userId: number, addressId: number, networkCode?: string) {
  let q = db.selectFrom('withdrawal_addresses').selectAll().where('id', '=', addressId).where('user_id', '=', userId)
  if (networkCode !== undefined) q = q.where('network_code', '=', networkCode)
  return q.executeTakeFirst()
}

/** Saves an address once per user and network (a second save keeps the first) and returns the row. */
export async function upsertAddress(db: Trx, row: { user_id: number; network_code: string; address: string; created_at_ms: number }) {
  await db
    .insertInto('withdrawal_addresses')
    .values(row)
    .onConflict((oc) => oc.columns(['user_id', 'network_code', 'address']).doNothing())
    .execute()
  return db
    .selectFrom('withdrawal_addresses')
    .selectAll()
    .where('user_id', '=', row.user_id)
    .where('network_code', '=', row.network_code)
    .where('address', '=', row.address)
    .executeTakeFirstOrThrow()
}

/** Deletes one of a user's saved addresses. */
export function deleteAddress(db: Trx, userId: number, addressId: number) {
  return db.deleteFrom('withdrawal_addresses').where('id', '=', addressId).where('user_id', '=', userId).execute()
}

/** Ledger transfers with their account codes, newest first, before an id; reads `limit + 1`. */
export function findTransferPage(db: Trx, query: { beforeId?: number; limit: number }) {
  let q = db
    .selectFrom('ledger_transfers as t')
    .innerJoin('ledger_accounts as d', 'd.id', 't.debit_account_id')
    .innerJoin('ledger_accounts as c', 'c.id', 't.credit_account_id')
    .select([
      't.id',
      'd.code as debit_code',
      'c.code as credit_code',
      't.amount_cents',
      't.kind',
      't.reference_type',
      't.reference_id',
      't.created_at_ms',
    ])
  if (query.beforeId !== undefined) q = q.where('t.id', '<', query.beforeId)
  return q
    .orderBy('t.id', 'desc')
    .limit(query.limit + 1)
    .execute()
}

/** Available and held balances of users' wallet accounts. */
export function findUserBalances(db: Trx, userIds: number[]) {
  if (userIds.length === 0) return Promise.resolve([])
  return db
    .selectFrom('ledger_accounts')
    .select(['owner_user_id', 'kind', 'balance_cents'])
    .where('owner_user_id', 'in', userIds)
    .where('kind', 'in', ['user_available', 'user_held'])
    .execute()
}

/** Records what a chain deposit credited (primary key: the deposit, so never twice). */
export async function insertChainCredit(db: Trx, row: Insertable<ChainCreditsTable>) {
  await db.insertInto('chain_credits').values(row).execute()
}

/** A network's approved withdrawals whose payout check is pending, oldest first. */
export function findPayoutsToCheck(db: Trx, networkCode: string, limit: number) {
  return db
    .selectFrom('withdrawals')
    .selectAll()
    .where('network_code', '=', networkCode)
    .where('payout_check', '=', 'pending')
    .orderBy('id')
    .limit(limit)
    .execute()
}

/** Sets a pending payout check's outcome (a conditional update: a decided check stays). */
export async function setPayoutCheck(db: Trx, id: number, result: { check: 'ok' | 'flagged'; note: string | null }, nowMs: number) {
  await db
    .updateTable('withdrawals')
    .set({ payout_check: result.check, payout_check_note: result.note, payout_checked_at_ms: nowMs })
    .where('id', '=', id)
    .where('payout_check', '=', 'pending')
    .execute()
}

/** Withdrawals by network and payout check outcome. */
export function countPayoutChecks(db: Trx) {
  return db
    .selectFrom('withdrawals')
    .select((eb) => ['network_code', 'payout_check', eb.fn.countAll<number>().as('n')])
    .where('payout_check', 'is not', null)
    .groupBy(['network_code', 'payout_check'])
    .execute()
}

/** Withdrawals whose payout the chain did not confirm, newest first. */
export function findFlaggedPayouts(db: Trx, limit: number) {
  return db.selectFrom('withdrawals').selectAll().where('payout_check', '=', 'flagged').orderBy('id', 'desc').limit(limit).execute()
}
