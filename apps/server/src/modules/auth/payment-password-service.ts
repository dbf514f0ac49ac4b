import { createHmac, timingSafeEqual } from 'node:crypto'
import { maxPaymentFailures, paymentLockMs } from '@bazaar/contract/auth-values'
import { verify } from '@node-rs/argon2'
import type { Db } from '../../db/database.ts'
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

/** Compares a PIN with its stored hash in constant time (HMAC), or with argon2 for a hash of the older format. */
async function matches(db: Db, userId: number, stored: string, pin: string): Promise<boolean> {
  if (!stored.startsWith(hmacPrefix)) return verify(stored, pin)
  const expected = Buffer.from(stored.slice(hmacPrefix.length), 'hex')
  const given = hmacOf(db, userId, pin)
  return expected.length === given.length && timingSafeEqual(expected, given)
}

/**
 * Checks a user's 6-digit payment password before money moves (SPEC §5, §7 406). The entry is
 * counted first, in the same statement that checks the lock, and only then compared: at most
 * 5 are compared per 15 minutes however many arrive at once, on any node; a right one clears
 * the count. Count, comparison and reset share one short transaction: the count's row lock
 * (PostgreSQL; SQLite's write lock) makes a concurrent entry of the same user wait a few
 * microseconds and see the reset, so a burst of right entries is never locked out, while
 * wrong ones still count. An older argon2 hash is replaced by the HMAC on its first right
 * entry. Runs before the money transaction; the count stays when the payment fails later.
 * @throws 'set the payment password' (406) | 'Payment password locked' (429) | 'payment password error'
 */
export async function verifyPaymentPassword(db: Db, userId: number, paymentPassword: string): Promise<void> {
  const user = await repo.findUserById(db.kysely, userId)
  const stored = user?.payment_password_hash
  if (!stored) throw new AppError('set the payment password')
  const outcome = await db.kysely.transaction().execute(async (trx) => {
    if (!(await repo.admitPaymentEntry(trx, userId, Date.now(), maxPaymentFailures, paymentLockMs))) return 'locked'
    if (!(await matches(db, userId, stored, paymentPassword))) return 'wrong'
    await repo.resetPaymentEntries(trx, userId)
    if (!stored.startsWith(hmacPrefix)) await repo.replacePaymentHash(trx, userId, stored, paymentPasswordHash(db, userId, paymentPassword))
    return 'right'
  })
  if (outcome === 'locked') throw new AppError('Payment password locked')
  if (outcome === 'wrong') throw new AppError('payment password error')
}
