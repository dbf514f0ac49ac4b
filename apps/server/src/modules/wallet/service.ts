import type {
  Recharge,
  RechargeBody,
  WalletSummary,
  Withdrawal,
  WithdrawalAddress,
  WithdrawalAddressBody,
  WithdrawalBody,
} from '@bazaar/contract/wallet'
import type { Kysely, Selectable } from 'kysely'
import type { Db } from '../../db/database.ts'
import type { Database, RechargesTable, WithdrawalsTable } from '../../db/schema.ts'
import { AppError } from '../../platform/errors.ts'
import { runIdempotent } from '../../platform/idempotency.ts'
import { isValidAddress, isValidTxHash } from './addresses.ts'
import { balanceOf, transfer, userAccounts } from './ledger.ts'
import { networkOrThrow } from './networks.ts'
import { verifyPaymentPassword } from './payment-password.ts'

/** Maps a recharge row to its API shape. */
export const toRecharge = (r: Selectable<RechargesTable>): Recharge => ({
  id: r.id,
  networkCode: r.network_code,
  amountCents: Number(r.amount_cents),
  proofUploadId: r.proof_upload_id,
  txHash: r.tx_hash,
  status: r.status,
  rejectReason: r.reject_reason,
  createdAtMs: r.created_at_ms,
})

/** Maps a withdrawal row to its API shape; the amount received is the amount less the fee. */
export const toWithdrawal = (w: Selectable<WithdrawalsTable>): Withdrawal => ({
  id: w.id,
  networkCode: w.network_code,
  address: w.address,
  amountCents: Number(w.amount_cents),
  feeCents: Number(w.fee_cents),
  receivedCents: Number(w.amount_cents) - Number(w.fee_cents),
  status: w.status,
  rejectReason: w.reject_reason,
  createdAtMs: w.created_at_ms,
})

/**
 * Refuses money actions of a locked account or a frozen wallet (SPEC §6).
 * @throws 'Account is locked' | 'Money Status is locked'
 */
export async function assertWalletUsable(trx: Kysely<Database>, userId: number): Promise<void> {
  const user = await trx.selectFrom('users').select(['status', 'wallet_status']).where('id', '=', userId).executeTakeFirstOrThrow()
  if (user.status !== 'active') throw new AppError('Account is locked')
  if (user.wallet_status !== 'active') throw new AppError('Money Status is locked')
}

/** The wallet page's header: available and held balances, status, payment password set. */
export async function walletSummary(db: Db, userId: number): Promise<WalletSummary> {
  const accounts = await userAccounts(db.kysely, userId)
  const user = await db.kysely
    .selectFrom('users')
    .select(['wallet_status', 'payment_password_hash'])
    .where('id', '=', userId)
    .executeTakeFirstOrThrow()
  return {
    availableCents: await balanceOf(db.kysely, accounts.available),
    heldCents: await balanceOf(db.kysely, accounts.held),
    walletStatus: user.wallet_status === 'frozen' ? 'frozen' : 'active',
    hasPaymentPassword: user.payment_password_hash !== null,
  }
}

/**
 * Files a recharge for review (SPEC §3 Recharge, §5): pending until an operator approves
 * (credits the wallet) or rejects it. The proof must be the user's own upload.
 * @throws 'select a recharge method' | 'Recharge closed on this network' | 'upload the transfer attachment' | 'Invalid parameters' (hash format) | 'Account is locked' | 'Money Status is locked'
 */
export async function createRecharge(db: Db, userId: number, body: RechargeBody, idempotencyKey: string | undefined): Promise<Recharge> {
  const network = await networkOrThrow(db.kysely, body.networkCode, 'select a recharge method')
  if (!network.depositAddress) throw new AppError('Recharge closed on this network')
  if (body.txHash && !isValidTxHash(network.addressFormat, body.txHash))
    throw new AppError('Invalid parameters', { fields: { txHash: 'Invalid parameters' } })
  const proof = await db.kysely
    .selectFrom('uploads')
    .select('id')
    .where('id', '=', body.proofUploadId)
    .where('owner_user_id', '=', userId)
    .where('purpose', '=', 'recharge_proof')
    .executeTakeFirst()
  if (!proof) throw new AppError('upload the transfer attachment')
  return runIdempotent(db, { userId, route: 'POST /wallet/recharges', key: idempotencyKey, body }, async (trx) => {
    await assertWalletUsable(trx, userId)
    const row = await trx
      .insertInto('recharges')
      .values({
        user_id: userId,
        network_code: network.code,
        amount_cents: body.amountCents,
        proof_upload_id: proof.id,
        tx_hash: body.txHash || null,
        status: 'pending',
        reject_reason: null,
        reviewed_by_operator_id: null,
        reviewed_at_ms: null,
        created_at_ms: Date.now(),
      })
      .returningAll()
      .executeTakeFirstOrThrow()
    return toRecharge(row)
  })
}

/** The user's saved withdrawal addresses, newest first. */
export async function listAddresses(db: Db, userId: number): Promise<WithdrawalAddress[]> {
  const rows = await db.kysely
    .selectFrom('withdrawal_addresses')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('id', 'desc')
    .limit(100)
    .execute()
  return rows.map((r) => ({ id: r.id, networkCode: r.network_code, address: r.address, createdAtMs: r.created_at_ms }))
}

/**
 * Saves a withdrawal address after checking it with its network's format and checksum.
 * Saving the same address twice returns the saved one.
 * @throws 'select withdrawal network' | 'Invalid address'
 */
export async function saveAddress(db: Db, userId: number, body: WithdrawalAddressBody): Promise<WithdrawalAddress> {
  const network = await networkOrThrow(db.kysely, body.networkCode, 'select withdrawal network')
  if (!isValidAddress(network.addressFormat, body.address)) throw new AppError('Invalid address')
  await db.kysely
    .insertInto('withdrawal_addresses')
    .values({ user_id: userId, network_code: network.code, address: body.address, created_at_ms: Date.now() })
    .onConflict((oc) => oc.columns(['user_id', 'network_code', 'address']).doNothing())
    .execute()
  const row = await db.kysely
    .selectFrom('withdrawal_addresses')
    .selectAll()
    .where('user_id', '=', userId)
    .where('network_code', '=', network.code)
    .where('address', '=', body.address)
    .executeTakeFirstOrThrow()
  return { id: row.id, networkCode: row.network_code, address: row.address, createdAtMs: row.created_at_ms }
}

/** Deletes one of the user's saved addresses; someone else's id deletes nothing. */
export async function deleteAddress(db: Db, userId: number, addressId: number): Promise<void> {
  await db.kysely.deleteFrom('withdrawal_addresses').where('id', '=', addressId).where('user_id', '=', userId).execute()
}

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
  const address = await db.kysely
    .selectFrom('withdrawal_addresses')
    .select('address')
    .where('id', '=', body.addressId)
    .where('user_id', '=', userId)
    .where('network_code', '=', network.code)
    .executeTakeFirst()
  if (!address) throw new AppError('enter withdrawal address')
  if (body.amountCents < network.withdrawalMinCents || body.amountCents <= network.withdrawalFeeCents)
    throw new AppError('withdrawal amount incorrect')
  if (body.amountCents > network.withdrawalMaxCents) throw new AppError('exceeds withdrawal limit')
  await verifyPaymentPassword(db, userId, body.paymentPassword)
  const { paymentPassword: _secret, ...keyedBody } = body
  return runIdempotent(db, { userId, route: 'POST /wallet/withdrawals', key: idempotencyKey, body: keyedBody }, async (trx) => {
    await assertWalletUsable(trx, userId)
    const accounts = await userAccounts(trx, userId)
    const nowMs = Date.now()
    const row = await trx
      .insertInto('withdrawals')
      .values({
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
      .returningAll()
      .executeTakeFirstOrThrow()
    await transfer(trx, {
      debit: accounts.available,
      credit: accounts.held,
      amountCents: body.amountCents,
      kind: 'withdrawal_hold',
      referenceType: 'withdrawal',
      referenceId: row.id,
    })
    const thisMonth = await trx
      .selectFrom('withdrawals')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('user_id', '=', userId)
      .where('network_code', '=', network.code)
      .where('status', '!=', 'rejected')
      .where('created_at_ms', '>=', monthStartMs(nowMs))
      .executeTakeFirstOrThrow()
    if (Number(thisMonth.n) > network.monthlyWithdrawalCap) throw new AppError('maximum monthly withdrawals reached')
    return toWithdrawal(row)
  })
}
