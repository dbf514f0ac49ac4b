import type { Withdrawal, WithdrawalBody } from '@bazaar/contract/wallet'
import type { Db } from '../../db/database.ts'
import { AppError } from '../../platform/errors.ts'
import { runIdempotent } from '../../platform/idempotency.ts'
import { verifyPaymentPassword } from '../auth/payment-password-service.ts'
import { assertMoneyAllowed } from '../auth/service.ts'
import { transfer, userAccounts } from './ledger.ts'
import { toWithdrawal } from './mappers.ts'
import { networkOrThrow } from './network-service.ts'
import * as repo from './repo.ts'

/** Start of the current calendar month (UTC), epoch ms. */
export function monthStartMs(nowMs: number): number {
  const d = new Date(nowMs)
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1)
}

/**
 * Requests a withdrawal (SPEC §3 Withdrawal, §5): the amount moves from available to held
 * at once; approval pays it out, rejection returns it. The debit runs first, so on
 * PostgreSQL it also locks the user's row and the monthly count after it sees every
 * concurrent request of that user.
 * @throws 'select withdrawal network' | 'withdrawal function closed' | 'enter withdrawal address' | 'withdrawal amount incorrect' | 'exceeds withdrawal limit' | 'set the payment password' | 'payment password error' | 'Payment password locked' | 'Insufficient balance' | 'maximum monthly withdrawals reached' | 'Account is locked' | 'Money Status is locked'
 */
export async function createWithdrawal(
  db: Db,
  userId: number,
  body: WithdrawalBody,
  idempotencyKey: string | undefined,
): Promise<Withdrawal> {
  const network = await networkOrThrow(db.kysely, body.networkCode, 'select withdrawal network')
  if (!network.withdrawalsEnabled) throw new AppError('withdrawal function closed')
  const address = await repo.findAddress(db.kysely, userId, body.addressId, network.code)
  if (!address) throw new AppError('enter withdrawal address')
  if (body.amountCents < network.withdrawalMinCents || body.amountCents <= network.withdrawalFeeCents)
    throw new AppError('withdrawal amount incorrect')
  if (body.amountCents > network.withdrawalMaxCents) throw new AppError('exceeds withdrawal limit')
  await verifyPaymentPassword(db, userId, body.paymentPassword)
  const { paymentPassword: _secret, ...keyedBody } = body
  return runIdempotent(db, { userId, route: 'POST /wallet/withdrawals', key: idempotencyKey, body: keyedBody }, async (trx) => {
    await assertMoneyAllowed(trx, userId)
    const accounts = await userAccounts(trx, userId)
    const nowMs = Date.now()
    const row = await repo.insertWithdrawal(trx, {
      user_id: userId,
      network_code: network.code,
      address: address.address,
      amount_cents: body.amountCents,
      fee_cents: network.withdrawalFeeCents,
      status: 'pending',
      reject_reason: null,
      reviewed_by_operator_id: null,
      reviewed_at_ms: null,
      created_at_ms: nowMs,
    })
    await transfer(trx, {
      debit: accounts.available,
      credit: accounts.held,
      amountCents: body.amountCents,
      kind: 'withdrawal_hold',
      referenceType: 'withdrawal',
      referenceId: row.id,
    })
    if ((await repo.countWithdrawalsSince(trx, userId, network.code, monthStartMs(nowMs))) > network.monthlyWithdrawalCap)
      throw new AppError('maximum monthly withdrawals reached')
    return toWithdrawal(row)
  })
}
