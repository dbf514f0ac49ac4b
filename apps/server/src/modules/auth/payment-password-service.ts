import { verify } from '@node-rs/argon2'
import type { Db } from '../../db/database.ts'
import { AppError } from '../../platform/errors.ts'
import * as repo from './repo.ts'

/** After 5 wrong payment passwords the wallet refuses them for 15 minutes. */
export const maxPaymentFailures = 5
export const paymentLockMs = 15 * 60_000

/**
 * Checks a user's 6-digit payment password before money moves (SPEC §5, §7 406). Runs
 * before the money transaction (argon2 is slow); a wrong try is counted at once.
 * @throws 'set the payment password' (406) | 'payment password error' | 'Payment password locked'
 */
export async function verifyPaymentPassword(db: Db, userId: number, paymentPassword: string): Promise<void> {
  const user = await repo.findUserById(db.kysely, userId)
  if (!user?.payment_password_hash) throw new AppError('set the payment password')
  const nowMs = Date.now()
  if (user.payment_locked_until_ms > nowMs) throw new AppError('Payment password locked')
  if (await verify(user.payment_password_hash, paymentPassword)) {
    if (user.payment_failures > 0) await repo.updateUser(db.kysely, userId, { payment_failures: 0 })
    return
  }
  await repo.recordPaymentFailure(db.kysely, userId, nowMs, maxPaymentFailures, paymentLockMs)
  throw new AppError('payment password error')
}
