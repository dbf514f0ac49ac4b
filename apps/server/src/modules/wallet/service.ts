import type { QueueItem, QueueQuery } from '@bazaar/contract/admin'
import type { PayoutCheckNote } from '@bazaar/contract/chain-values'
import type { WalletSummary, WithdrawalAddress, WithdrawalAddressBody } from '@bazaar/contract/wallet'
import type { Db, Trx } from '../../db/database.ts'
import type { SessionUser } from '../../platform/access.ts'
import { afterIdOf, nextIdCursor } from '../../platform/cursor.ts'
import { AppError } from '../../platform/errors.ts'
import type { Mailer } from '../../platform/mail.ts'
import { completeSensitiveChange, proveSensitiveChange, tellAccountOwner } from '../auth/sensitive-change-service.ts'
import { walletFlags } from '../auth/service.ts'
import { isValidAddress } from './addresses.ts'
import * as ledger from './ledger.ts'
import { networkOrThrow } from './network-service.ts'
import * as repo from './repo.ts'

/**
 * The wallet page's header (SPEC §3 Wallet): available and held balances, the account balance
 * (available + held) and the withdrawable balance (available), status, payment password set.
 */
export async function walletSummary(db: Db, userId: number): Promise<WalletSummary> {
  const accounts = await ledger.userAccounts(db.kysely, userId)
  const flags = await walletFlags(db.kysely, userId)
  const availableCents = await ledger.balanceOf(db.kysely, accounts.available)
  const heldCents = await ledger.balanceOf(db.kysely, accounts.held)
  return { availableCents, heldCents, accountBalanceCents: availableCents + heldCents, withdrawableCents: availableCents, ...flags }
}

const toAddress = (r: { id: number; network_code: string; address: string; created_at_ms: number }): WithdrawalAddress => ({
  id: r.id,
  networkCode: r.network_code,
  address: r.address,
  createdAtMs: r.created_at_ms,
})

/** The user's saved withdrawal addresses, newest first. */
export async function listAddresses(db: Db, userId: number): Promise<WithdrawalAddress[]> {
  return (await repo.findAddresses(db.kysely, userId)).map(toAddress)
}

/**
 * Saves a withdrawal address after checking it with its network's format and checksum (SPEC
 * §3 Withdrawal). Where money may leave to is a sensitive change (ARCHITECTURE.md): it needs
 * the current password and an e-mail code of purpose `withdrawal_address`, ends the account's
 * other sessions, and tells the account's address once committed. Saving the same address
 * twice returns the saved one.
 * @throws 'select withdrawal network' | 'Invalid address' | 'Password incorrect' | 'Too many requests' | 'Captcha incorrect' | 'User not found'
 */
export async function saveAddress(
  deps: { db: Db; mailer: Mailer },
  user: SessionUser,
  body: WithdrawalAddressBody,
  ip: string,
): Promise<WithdrawalAddress> {
  const { db } = deps
  const network = await networkOrThrow(db.kysely, body.networkCode, 'select withdrawal network')
  if (!isValidAddress(network.addressFormat, body.address)) throw new AppError('Invalid address')
  const proven = await proveSensitiveChange(db, user, body, 'withdrawal_address')
  const saved = await db.kysely.transaction().execute(async (trx) => {
    await completeSensitiveChange(trx, user, proven)
    return repo.upsertAddress(trx, { user_id: user.id, network_code: network.code, address: body.address, created_at_ms: Date.now() })
  })
  const change = { kind: 'withdrawal_address', networkCode: network.code, address: body.address } as const
  await tellAccountOwner(deps.mailer, user.email, change, { ip, atMs: Date.now() })
  return toAddress(saved)
}

/** Deletes one of the user's saved addresses; someone else's id deletes nothing. */
export async function deleteAddress(db: Db, userId: number, addressId: number): Promise<void> {
  await repo.deleteAddress(db.kysely, userId, addressId)
}

/** Available and held balances of users, in cents (0 for a user without accounts yet). */
export async function balancesOf(trx: Trx, userIds: number[]): Promise<Map<number, { availableCents: number; heldCents: number }>> {
  const balances = new Map(userIds.map((id) => [id, { availableCents: 0, heldCents: 0 }]))
  for (const row of await repo.findUserBalances(trx, userIds)) {
    const entry = row.owner_user_id === null ? undefined : balances.get(row.owner_user_id)
    if (!entry) continue
    if (row.kind === 'user_available') entry.availableCents = Number(row.balance_cents)
    else entry.heldCents = Number(row.balance_cents)
  }
  return balances
}

/**
 * What a user still holds with the wallet, for the account's cancellation (SPEC §6): the
 * available and held balances in cents, and recharges and withdrawals under review (a
 * recharge approved after a cancellation would be stranded). Read-only, caller's transaction.
 */
export async function walletHoldingsOf(
  trx: Trx,
  userId: number,
): Promise<{ availableCents: number; heldCents: number; pendingWithdrawals: number; pendingRecharges: number }> {
  const balances = (await balancesOf(trx, [userId])).get(userId) ?? { availableCents: 0, heldCents: 0 }
  const pending = await repo.countPendingRequests(trx, userId)
  return { ...balances, pendingWithdrawals: pending.withdrawals, pendingRecharges: pending.recharges }
}

/**
 * A review queue for operators, oldest first so nothing waits forever: recharges with their
 * proof and tx hash, or withdrawals with their address and fee. Who asked is the caller's to add.
 * @throws 'Invalid cursor'
 */
export async function reviewQueue(trx: Trx, kind: 'recharges' | 'withdrawals', query: QueueQuery) {
  const page = { status: query.status, afterId: afterIdOf(query.cursor, kind), limit: query.limit }
  const items: Omit<QueueItem, 'userEmail'>[] =
    kind === 'recharges'
      ? (await repo.findRechargePage(trx, page)).map((r) => ({
          id: r.id,
          userId: r.user_id,
          networkCode: r.network_code,
          amountCents: Number(r.amount_cents),
          feeCents: 0,
          address: null,
          txHash: r.tx_hash,
          duplicateOfRechargeId: r.duplicate_of_recharge_id,
          payoutTxHash: null,
          payoutCheck: null,
          payoutCheckNote: null,
          proofUploadId: r.proof_upload_id,
          status: r.status,
          rejectReason: r.reject_reason,
          createdAtMs: r.created_at_ms,
        }))
      : (await repo.findWithdrawalPage(trx, page)).map((w) => ({
          id: w.id,
          userId: w.user_id,
          networkCode: w.network_code,
          amountCents: Number(w.amount_cents),
          feeCents: Number(w.fee_cents),
          address: w.address,
          txHash: null,
          duplicateOfRechargeId: null,
          payoutTxHash: w.payout_tx_hash,
          payoutCheck: w.payout_check,
          payoutCheckNote: w.payout_check_note as PayoutCheckNote | null,
          proofUploadId: null,
          status: w.status,
          rejectReason: w.reject_reason,
          createdAtMs: w.created_at_ms,
        }))
  return { items: items.slice(0, query.limit), nextCursor: nextIdCursor(items, query.limit, kind) }
}

/**
 * Ledger transfers with account codes, newest first (operators' ledger view).
 * @throws 'Invalid cursor'
 */
export async function transferPage(trx: Trx, query: { cursor?: string; limit: number }) {
  const rows = await repo.findTransferPage(trx, { beforeId: afterIdOf(query.cursor, 'transfers'), limit: query.limit })
  const items = rows.slice(0, query.limit).map((t) => ({
    id: t.id,
    debitCode: t.debit_code,
    creditCode: t.credit_code,
    amountCents: Number(t.amount_cents),
    kind: t.kind,
    referenceType: t.reference_type,
    referenceId: t.reference_id,
    createdAtMs: t.created_at_ms,
  }))
  return { items, nextCursor: nextIdCursor(rows, query.limit, 'transfers') }
}

/** The trial balance: balances by account kind and their total, which double entry keeps at zero. */
export function trialBalance(trx: Trx) {
  return ledger.trialBalance(trx)
}

/**
 * The trial balance's total in cents, read in one transaction (a snapshot: repeatable read on
 * PostgreSQL; on SQLite the transaction holds the only connection), so transfers committing
 * while it sums never show as a difference. Must be 0; for the metrics gauge
 * `bazaar_ledger_trial_balance_cents` (README, Operations). Cost: one scan of the accounts and
 * of the platform accounts' transfers.
 */
export function trialBalanceTotalCents(db: Db): Promise<number> {
  return db.kysely
    .transaction()
    .setIsolationLevel('repeatable read')
    .execute(async (trx) => (await ledger.trialBalance(trx)).totalCents)
}
