import type { AdminUser, NetworkUpdateBody, QueueItem, QueueQuery } from '@bazaar/contract/admin'
import type { Network } from '@bazaar/contract/wallet'
import { sql } from 'kysely'
import type { Db } from '../../db/database.ts'
import { recordAudit } from '../../platform/audit.ts'
import { decodeCursor, encodeCursor } from '../../platform/cursor.ts'
import { AppError } from '../../platform/errors.ts'
import { isValidAddress } from '../wallet/addresses.ts'
import { toNetwork } from '../wallet/networks.ts'

const afterId = (cursor: string | undefined, name: string) => (cursor ? decodeCursor(cursor, name).id : undefined)
const nextCursor = <T extends { id: number }>(rows: T[], limit: number, name: string) => {
  const last = rows.slice(0, limit).at(-1)
  return rows.length > limit && last ? encodeCursor({ sort: name, value: 0, id: last.id }) : null
}

/** The recharge queue (oldest first) with who asked and the proof image's upload id. */
export async function rechargeQueue(db: Db, query: QueueQuery) {
  let q = db.kysely
    .selectFrom('recharges as r')
    .innerJoin('users as u', 'u.id', 'r.user_id')
    .select([
      'r.id',
      'r.user_id',
      'u.email',
      'r.network_code',
      'r.amount_cents',
      'r.tx_hash',
      'r.proof_upload_id',
      'r.status',
      'r.reject_reason',
      'r.created_at_ms',
    ])
    .where('r.status', '=', query.status)
  const after = afterId(query.cursor, 'recharges')
  if (after !== undefined) q = q.where('r.id', '>', after)
  const rows = await q
    .orderBy('r.id')
    .limit(query.limit + 1)
    .execute()
  const items = rows
    .slice(0, query.limit)
    .map(
      (r): QueueItem => ({
        id: r.id,
        userId: r.user_id,
        userEmail: r.email,
        networkCode: r.network_code,
        amountCents: Number(r.amount_cents),
        feeCents: 0,
        address: null,
        txHash: r.tx_hash,
        proofUploadId: r.proof_upload_id,
        status: r.status,
        rejectReason: r.reject_reason,
        createdAtMs: r.created_at_ms,
      }),
    )
  return { items, nextCursor: nextCursor(rows, query.limit, 'recharges') }
}

/** The withdrawal queue (oldest first) with the destination address and fee. */
export async function withdrawalQueue(db: Db, query: QueueQuery) {
  let q = db.kysely
    .selectFrom('withdrawals as w')
    .innerJoin('users as u', 'u.id', 'w.user_id')
    .select([
      'w.id',
      'w.user_id',
      'u.email',
      'w.network_code',
      'w.amount_cents',
      'w.fee_cents',
      'w.address',
      'w.status',
      'w.reject_reason',
      'w.created_at_ms',
    ])
    .where('w.status', '=', query.status)
  const after = afterId(query.cursor, 'withdrawals')
  if (after !== undefined) q = q.where('w.id', '>', after)
  const rows = await q
    .orderBy('w.id')
    .limit(query.limit + 1)
    .execute()
  const items = rows
    .slice(0, query.limit)
    .map(
      (w): QueueItem => ({
        id: w.id,
        userId: w.user_id,
        userEmail: w.email,
        networkCode: w.network_code,
        amountCents: Number(w.amount_cents),
        feeCents: Number(w.fee_cents),
        address: w.address,
        txHash: null,
        proofUploadId: null,
        status: w.status,
        rejectReason: w.reject_reason,
        createdAtMs: w.created_at_ms,
      }),
    )
  return { items, nextCursor: nextCursor(rows, query.limit, 'withdrawals') }
}

/** Users by id, optionally filtered by email or nickname fragment, with their wallet balances. */
export async function listUsers(db: Db, query: { q?: string; cursor?: string; limit: number }) {
  let q = db.kysely
    .selectFrom('users as u')
    .leftJoin('ledger_accounts as a', (j) => j.onRef('a.owner_user_id', '=', 'u.id').on('a.kind', '=', 'user_available'))
    .leftJoin('ledger_accounts as h', (j) => j.onRef('h.owner_user_id', '=', 'u.id').on('h.kind', '=', 'user_held'))
    .select([
      'u.id',
      'u.email',
      'u.nickname',
      'u.role',
      'u.status',
      'u.wallet_status',
      'u.created_at_ms',
      'a.balance_cents as available',
      'h.balance_cents as held',
    ])
  if (query.q) {
    const like = `%${query.q.toLowerCase().replace(/[%_\\]/g, '')}%`
    q = q.where((eb) => eb.or([eb(sql`lower(u.email)`, 'like', like), eb(sql`lower(u.nickname)`, 'like', like)]))
  }
  const after = afterId(query.cursor, 'users')
  if (after !== undefined) q = q.where('u.id', '>', after)
  const rows = await q
    .orderBy('u.id')
    .limit(query.limit + 1)
    .execute()
  const items = rows
    .slice(0, query.limit)
    .map(
      (u): AdminUser => ({
        id: u.id,
        email: u.email,
        nickname: u.nickname,
        role: u.role,
        status: u.status,
        walletStatus: u.wallet_status,
        availableCents: Number(u.available ?? 0),
        heldCents: Number(u.held ?? 0),
        createdAtMs: u.created_at_ms,
      }),
    )
  return { items, nextCursor: nextCursor(rows, query.limit, 'users') }
}

/**
 * Locks or unlocks an account (SPEC §6). Locking ends every session of the user.
 * @throws 'User not found'
 */
export async function setUserLocked(db: Db, operatorId: number, userId: number, locked: boolean): Promise<void> {
  await db.kysely.transaction().execute(async (trx) => {
    const result = await trx
      .updateTable('users')
      .set({ status: locked ? 'locked' : 'active' })
      .where('id', '=', userId)
      .where('status', '!=', 'cancelled')
      .executeTakeFirst()
    if (Number(result.numUpdatedRows) !== 1) throw new AppError('User not found')
    if (locked)
      await trx
        .updateTable('sessions')
        .set({ revoked_at_ms: Date.now() })
        .where('user_id', '=', userId)
        .where('revoked_at_ms', 'is', null)
        .execute()
    await recordAudit(trx, { operatorId, action: locked ? 'user.lock' : 'user.unlock', targetType: 'user', targetId: userId })
  })
}

/**
 * Freezes or thaws a wallet: a frozen wallet refuses recharges, withdrawals and payments
 * ('Money Status is locked').
 * @throws 'User not found'
 */
export async function setWalletFrozen(db: Db, operatorId: number, userId: number, frozen: boolean): Promise<void> {
  await db.kysely.transaction().execute(async (trx) => {
    const result = await trx
      .updateTable('users')
      .set({ wallet_status: frozen ? 'frozen' : 'active' })
      .where('id', '=', userId)
      .executeTakeFirst()
    if (Number(result.numUpdatedRows) !== 1) throw new AppError('User not found')
    await recordAudit(trx, { operatorId, action: frozen ? 'wallet.freeze' : 'wallet.thaw', targetType: 'user', targetId: userId })
  })
}

/**
 * Changes a network's settings. A deposit address must pass the network's checksum; an
 * empty one closes recharge on that network.
 * @throws 'Route not found' | 'Invalid address'
 */
export async function updateNetwork(db: Db, operatorId: number, code: string, body: NetworkUpdateBody): Promise<Network> {
  return db.kysely.transaction().execute(async (trx) => {
    const network = await trx.selectFrom('networks').selectAll().where('code', '=', code).executeTakeFirst()
    if (!network) throw new AppError('Route not found')
    if (body.depositAddress && !isValidAddress(network.address_format, body.depositAddress)) throw new AppError('Invalid address')
    const row = await trx
      .updateTable('networks')
      .set({
        deposit_address: body.depositAddress,
        withdrawal_fee_cents: body.withdrawalFeeCents,
        withdrawal_min_cents: body.withdrawalMinCents,
        withdrawal_max_cents: body.withdrawalMaxCents,
        monthly_withdrawal_cap: body.monthlyWithdrawalCap,
        withdrawals_enabled: body.withdrawalsEnabled ? 1 : 0,
        updated_at_ms: Date.now(),
      })
      .where('code', '=', code)
      .returningAll()
      .executeTakeFirstOrThrow()
    await recordAudit(trx, {
      operatorId,
      action: 'network.update',
      targetType: 'network',
      targetId: code,
      detail: { before: toNetwork(network), after: body },
    })
    return toNetwork(row)
  })
}

/** Ledger transfers, newest first, with account codes. */
export async function listTransfers(db: Db, query: { cursor?: string; limit: number }) {
  let q = db.kysely
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
  const after = afterId(query.cursor, 'transfers')
  if (after !== undefined) q = q.where('t.id', '<', after)
  const rows = await q
    .orderBy('t.id', 'desc')
    .limit(query.limit + 1)
    .execute()
  const items = rows
    .slice(0, query.limit)
    .map((t) => ({
      id: t.id,
      debitCode: t.debit_code,
      creditCode: t.credit_code,
      amountCents: Number(t.amount_cents),
      kind: t.kind,
      referenceType: t.reference_type,
      referenceId: t.reference_id,
      createdAtMs: t.created_at_ms,
    }))
  return { items, nextCursor: nextCursor(rows, query.limit, 'transfers') }
}

/** The audit log, newest first. */
export async function listAudit(db: Db, query: { cursor?: string; limit: number }) {
  let q = db.kysely
    .selectFrom('audit_log as a')
    .innerJoin('operators as o', 'o.id', 'a.operator_id')
    .select(['a.id', 'o.email', 'a.action', 'a.target_type', 'a.target_id', 'a.detail_json', 'a.created_at_ms'])
  const after = afterId(query.cursor, 'audit')
  if (after !== undefined) q = q.where('a.id', '<', after)
  const rows = await q
    .orderBy('a.id', 'desc')
    .limit(query.limit + 1)
    .execute()
  const items = rows
    .slice(0, query.limit)
    .map((a) => ({
      id: a.id,
      operatorEmail: a.email,
      action: a.action,
      targetType: a.target_type,
      targetId: a.target_id,
      detail: JSON.parse(a.detail_json) as Record<string, unknown>,
      createdAtMs: a.created_at_ms,
    }))
  return { items, nextCursor: nextCursor(rows, query.limit, 'audit') }
}
