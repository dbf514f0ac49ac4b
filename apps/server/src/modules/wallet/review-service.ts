import type { Recharge, Withdrawal } from '@bazaar/contract/wallet'
import { normaliseTxHash } from '@bazaar/contract/wallet-values'
import type { Db } from '../../db/database.ts'
import { recordAudit } from '../../platform/audit.ts'
import { AppError } from '../../platform/errors.ts'
import { assertMoneyAllowed } from '../auth/service.ts'
import { accountsByCode, platformAccounts, transfer, userAccounts } from './ledger.ts'
import { toRecharge, toWithdrawal } from './mappers.ts'
import { networkOrThrow } from './network-service.ts'
import * as repo from './repo.ts'

/**
 * Operators' decisions on wallet requests. Each moves a request out of 'pending' with a
 * conditional update (so two operators cannot both decide), moves the money, and writes
 * the audit entry, all in one transaction.
 */

/**
 * Approves a recharge: the amount goes from platform custody to the user's available balance.
 * A recharge with a tx hash claims it (`deposit_hashes`): a hash that already credited a
 * wallet, through another approval (a duplicate filed before hashes were unique) or the chain
 * watcher, is refused and nothing moves.
 * @throws 'Request already handled' | 'Transaction hash already used'
 */
export async function approveRecharge(db: Db, operatorId: number, rechargeId: number): Promise<Recharge> {
  return db.kysely.transaction().execute(async (trx) => {
    const row = await repo.decideRecharge(trx, rechargeId, {
      status: 'approved',
      reviewed_by_operator_id: operatorId,
      reviewed_at_ms: Date.now(),
    })
    if (!row) throw new AppError('Request already handled')
    if (row.tx_hash) {
      const claim = { network_code: row.network_code, tx_hash: row.tx_hash, source: 'proof' as const, recharge_id: row.id }
      if (!(await repo.claimDepositHash(trx, { ...claim, created_at_ms: Date.now() })).claimed)
        throw new AppError('Transaction hash already used')
    }
    const platform = await accountsByCode(trx, [platformAccounts.custody])
    const user = await userAccounts(trx, row.user_id)
    await transfer(trx, {
      debit: platform.get(platformAccounts.custody)!,
      credit: user.available,
      amountCents: Number(row.amount_cents),
      kind: 'recharge',
      referenceType: 'recharge',
      referenceId: row.id,
    })
    await recordAudit(trx, {
      operatorId,
      action: 'recharge.approve',
      targetType: 'recharge',
      targetId: row.id,
      detail: { amountCents: Number(row.amount_cents), userId: row.user_id },
    })
    return toRecharge(row)
  })
}

/**
 * Rejects a recharge with a reason; no money moves.
 * @throws 'Request already handled'
 */
export async function rejectRecharge(db: Db, operatorId: number, rechargeId: number, reason: string): Promise<Recharge> {
  return db.kysely.transaction().execute(async (trx) => {
    const row = await repo.decideRecharge(trx, rechargeId, {
      status: 'rejected',
      reject_reason: reason,
      reviewed_by_operator_id: operatorId,
      reviewed_at_ms: Date.now(),
    })
    if (!row) throw new AppError('Request already handled')
    await recordAudit(trx, { operatorId, action: 'recharge.reject', targetType: 'recharge', targetId: row.id, detail: { reason } })
    return toRecharge(row)
  })
}

/**
 * Approves a withdrawal once it was paid out on chain: the operator enters the payout
 * transaction's hash (checked against the network's format, shown to the user in the
 * record; stored in its one form). From the held balance, the amount less the fee goes to custody and the fee to the
 * platform's fee account. A locked account or a frozen wallet cannot be paid out.
 * @throws 'Request already handled' | 'Invalid parameters' (payoutTxHash) | 'Account is locked' | 'Money Status is locked'
 */
export async function approveWithdrawal(
  db: Db,
  operatorId: number,
  withdrawalId: number,
  body: { payoutTxHash: string },
): Promise<Withdrawal> {
  return db.kysely.transaction().execute(async (trx) => {
    const pending = await repo.findWithdrawal(trx, withdrawalId)
    if (pending?.status !== 'pending') throw new AppError('Request already handled')
    const network = await networkOrThrow(trx, pending.network_code, 'select withdrawal network')
    const payoutTxHash = normaliseTxHash(network.addressFormat, body.payoutTxHash)
    if (!payoutTxHash) throw new AppError('Invalid parameters', { fields: { payoutTxHash: 'Invalid parameters' } })
    const row = await repo.decideWithdrawal(trx, withdrawalId, {
      status: 'approved',
      payout_tx_hash: payoutTxHash,
      // EVM payouts are checked against the chain by the chain module (issue 21).
      payout_check: network.addressFormat === 'evm' ? 'pending' : null,
      reviewed_by_operator_id: operatorId,
      reviewed_at_ms: Date.now(),
    })
    if (!row) throw new AppError('Request already handled')
    await assertMoneyAllowed(trx, row.user_id)
    const platform = await accountsByCode(trx, [platformAccounts.custody, platformAccounts.fees])
    const user = await userAccounts(trx, row.user_id)
    const feeCents = Number(row.fee_cents)
    const payoutCents = Number(row.amount_cents) - feeCents
    await transfer(trx, {
      debit: user.held,
      credit: platform.get(platformAccounts.custody)!,
      amountCents: payoutCents,
      kind: 'withdrawal_payout',
      referenceType: 'withdrawal',
      referenceId: row.id,
    })
    if (feeCents > 0)
      await transfer(trx, {
        debit: user.held,
        credit: platform.get(platformAccounts.fees)!,
        amountCents: feeCents,
        kind: 'withdrawal_fee',
        referenceType: 'withdrawal',
        referenceId: row.id,
      })
    await recordAudit(trx, {
      operatorId,
      action: 'withdrawal.approve',
      targetType: 'withdrawal',
      targetId: row.id,
      detail: { amountCents: Number(row.amount_cents), feeCents, userId: row.user_id, payoutTxHash },
    })
    return toWithdrawal(row)
  })
}

/**
 * Rejects a withdrawal with a reason: the held amount returns to the available balance.
 * @throws 'Request already handled'
 */
export async function rejectWithdrawal(db: Db, operatorId: number, withdrawalId: number, reason: string): Promise<Withdrawal> {
  return db.kysely.transaction().execute(async (trx) => {
    const row = await repo.decideWithdrawal(trx, withdrawalId, {
      status: 'rejected',
      reject_reason: reason,
      reviewed_by_operator_id: operatorId,
      reviewed_at_ms: Date.now(),
    })
    if (!row) throw new AppError('Request already handled')
    const user = await userAccounts(trx, row.user_id)
    await transfer(trx, {
      debit: user.held,
      credit: user.available,
      amountCents: Number(row.amount_cents),
      kind: 'withdrawal_release',
      referenceType: 'withdrawal',
      referenceId: row.id,
    })
    await recordAudit(trx, { operatorId, action: 'withdrawal.reject', targetType: 'withdrawal', targetId: row.id, detail: { reason } })
    return toWithdrawal(row)
  })
}
