import { createHmac } from 'node:crypto'
import { maxPaymentFailures, paymentLockMs } from '@bazaar/contract/auth-values'
import { verify } from '@node-rs/argon2'
import type { Db, Trx } from '../../db/database.ts'
import { AppError } from '../../platform/errors.ts'
import { pinSecretOf } from '../../platform/pin-secret.ts'
import * as repo from './repo.ts'

/** The lock: 5 payment password entries, then 15 minutes (auth-values). */
export { maxPaymentFailures, paymentLockMs }

/** Stored payment password hashes start with this; older ones are argon2id PHC strings ('$argon2id$…'). */
const hmacPrefix = 'hmac-sha256$'

function hmacOf(db: Db, userId: number, pin: string): Buffer {
  return createHmac('sha256', pinSecretOf(db)).update(`${userId}:${pin}`).digest()
}

/**
 * The stored form of a user's 6-digit payment password (ARCHITECTURE.md, Passwords):
 * `hmac-sha256$` + hex HMAC-SHA256(server secret, "<user id>:<PIN>"). A few microseconds of
 * CPU, where argon2id cost 30–58 ms per payment for a secret of 10^6 values that no hash can
 * protect on its own: the secret (kept out of the database) and the online lock do.
 */
export function paymentPasswordHash(db: Db, userId: number, pin: string): string {
  return hmacPrefix + hmacOf(db, userId, pin).toString('hex')
}

/** Why a payment password entry was refused: not set (406), locked (429), or wrong. */
export type PaymentPasswordRefusal = 'set the payment password' | 'Payment password locked' | 'payment password error'

/** The user who entered the right payment password, as the payment needs them. */
export interface Payer {
  id: number
  nickname: string
  /** 'active' unless the account is locked or cancelled. */
  status: string
  /** 'active' or 'frozen' (money may not move). */
  walletStatus: string
}

/**
 * Enters a user's 6-digit payment password as the first statement of the caller's money
 * transaction (SPEC §5, §7 406; ARCHITECTURE.md, Passwords). One conditional statement counts
 * the entry, compares it and, when it is right, clears the count (`enterPaymentPin`): at most
 * 5 wrong entries are compared per 15 minutes however many arrive at once, on any node. A
 * refusal is returned, not thrown, so that the caller commits the count and nothing else and
 * only then throws it; a right entry's reset commits or rolls back with the caller's
 * transaction. An older argon2 hash (which the statement cannot compare, so it counted the
 * entry) is checked here and, when right, replaced by the HMAC with the count cleared.
 * @returns the payer, or the refusal to throw after commit
 */
export async function enterPaymentPassword(
  db: Db,
  trx: Trx,
  userId: number,
  paymentPassword: string,
): Promise<{ payer: Payer } | { refusal: PaymentPasswordRefusal }> {
  const givenHash = paymentPasswordHash(db, userId, paymentPassword)
  const nowMs = Date.now()
  const row = await repo.enterPaymentPin(trx, { userId, givenHash, nowMs, max: maxPaymentFailures, lockedUntilMs: nowMs + paymentLockMs })
  if (!row) {
    const user = await repo.findUserById(trx, userId)
    return { refusal: user?.payment_password_hash ? 'Payment password locked' : 'set the payment password' }
  }
  const stored = row.payment_password_hash ?? ''
  if (stored !== givenHash) {
    if (stored.startsWith(hmacPrefix) || !(await verify(stored, paymentPassword))) return { refusal: 'payment password error' }
    await repo.rehashPaymentPassword(trx, userId, stored, givenHash)
  }
  return { payer: { id: userId, nickname: row.nickname, status: row.status, walletStatus: row.wallet_status } }
}

/**
 * Checks a user's payment password in a transaction of its own (a money call that has not
 * moved its check into its own transaction yet: withdrawals): the count commits whatever
 * the answer.
 * @throws 'set the payment password' (406) | 'Payment password locked' (429) | 'payment password error'
 */
export async function verifyPaymentPassword(db: Db, userId: number, paymentPassword: string): Promise<void> {
  const entry = await db.kysely.transaction().execute((trx) => enterPaymentPassword(db, trx, userId, paymentPassword))
  if ('refusal' in entry) throw new AppError(entry.refusal)
}

/**
 * Whether money may move for the payer: the account not locked, the wallet not frozen.
 * @throws 'Account is locked' | 'Money Status is locked'
 */
export function assertPayerMayPay(payer: Payer): void {
  if (payer.status !== 'active') throw new AppError('Account is locked')
  if (payer.walletStatus !== 'active') throw new AppError('Money Status is locked')
}

/**
 * Clears a user's counted payment password entries after a right one whose payment was then
 * refused (the reset rolled back with it): the entry proved the PIN.
 */
export async function forgetPaymentEntries(db: Db, userId: number): Promise<void> {
  await repo.resetPaymentEntries(db.kysely, userId)
}
