import type { AdminUser, QueueItem, QueueQuery } from '@bazaar/contract/admin'
import type { Db } from '../../db/database.ts'
import { auditPage, recordAudit } from '../../platform/audit.ts'
import { afterIdOf, nextIdCursor } from '../../platform/cursor.ts'
import { setAccountLocked, setWalletFrozen, userPage, userSummaries } from '../auth/service.ts'
import { imStatuses } from '../chat/operator-service.ts'
import { balancesOf, reviewQueue } from '../wallet/service.ts'
import { operatorEmails } from './service.ts'

/**
 * The operators' console: each function reads or changes another module through its
 * service and, for changes, writes the audit entry in the same transaction.
 */

/**
 * A review queue (recharges or withdrawals), oldest first, with who asked.
 * @throws 'Invalid cursor'
 */
export async function queue(
  db: Db,
  kind: 'recharges' | 'withdrawals',
  query: QueueQuery,
): Promise<{ items: QueueItem[]; nextCursor: string | null }> {
  const page = await reviewQueue(db.kysely, kind, query)
  const users = await userSummaries(
    db.kysely,
    page.items.map((i) => i.userId),
  )
  return { items: page.items.map((i) => ({ ...i, userEmail: users.get(i.userId)?.email ?? '' })), nextCursor: page.nextCursor }
}

/**
 * Users by id, optionally filtered by an email or nickname fragment, with their wallet balances.
 * @throws 'Invalid cursor'
 */
export async function listUsers(
  db: Db,
  query: { q?: string; cursor?: string; limit: number },
): Promise<{ items: AdminUser[]; nextCursor: string | null }> {
  const rows = await userPage(db.kysely, { q: query.q, afterId: afterIdOf(query.cursor, 'users'), limit: query.limit })
  const page = rows.slice(0, query.limit)
  const balances = await balancesOf(
    db.kysely,
    page.map((u) => u.id),
  )
  const im = await imStatuses(
    db,
    page.map((u) => u.id),
  )
  const items = page.map((u) => ({
    id: u.id,
    email: u.email,
    nickname: u.nickname,
    role: u.role,
    status: u.status,
    walletStatus: u.wallet_status,
    availableCents: balances.get(u.id)?.availableCents ?? 0,
    heldCents: balances.get(u.id)?.heldCents ?? 0,
    imActive: im.get(u.id) ?? true,
    createdAtMs: u.created_at_ms,
  }))
  return { items, nextCursor: nextIdCursor(rows, query.limit, 'users') }
}

/**
 * Locks or unlocks an account (SPEC §6); locking ends every session of the user.
 * @throws 'User not found'
 */
export async function setUserLocked(db: Db, operatorId: number, userId: number, locked: boolean): Promise<void> {
  await db.kysely.transaction().execute(async (trx) => {
    await setAccountLocked(trx, userId, locked)
    await recordAudit(trx, { operatorId, action: locked ? 'user.lock' : 'user.unlock', targetType: 'user', targetId: userId })
  })
}

/**
 * Freezes or thaws a wallet: a frozen wallet refuses recharges, withdrawals and payments
 * ('Money Status is locked').
 * @throws 'User not found'
 */
export async function setUserWalletFrozen(db: Db, operatorId: number, userId: number, frozen: boolean): Promise<void> {
  await db.kysely.transaction().execute(async (trx) => {
    await setWalletFrozen(trx, userId, frozen)
    await recordAudit(trx, { operatorId, action: frozen ? 'wallet.freeze' : 'wallet.thaw', targetType: 'user', targetId: userId })
  })
}

/**
 * The audit log, newest first, with each operator's email.
 * @throws 'Invalid cursor'
 */
export async function listAudit(db: Db, query: { cursor?: string; limit: number }) {
  const rows = await auditPage(db.kysely, { beforeId: afterIdOf(query.cursor, 'audit'), limit: query.limit })
  const page = rows.slice(0, query.limit)
  const emails = await operatorEmails(
    db.kysely,
    page.map((a) => a.operator_id),
  )
  const items = page.map((a) => ({
    id: a.id,
    operatorEmail: emails.get(a.operator_id) ?? '',
    action: a.action,
    targetType: a.target_type,
    targetId: a.target_id,
    detail: JSON.parse(a.detail_json) as Record<string, unknown>,
    createdAtMs: a.created_at_ms,
  }))
  return { items, nextCursor: nextIdCursor(rows, query.limit, 'audit') }
}
