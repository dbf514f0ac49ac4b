import type {
  CancelAccountBody,
  CancellationCheck,
  ChangeEmailBody,
  ChangePasswordBody,
  Me,
  PaymentPasswordBody,
  Session,
} from '@bazaar/contract/auth'
import { hash } from '@node-rs/argon2'
import type { Trx } from '../../db/database.ts'
import type { SessionUser } from '../../platform/access.ts'
import { AppError } from '../../platform/errors.ts'
import { newSessionToken } from '../../platform/tokens.ts'
import { shopIdOfOwner } from '../catalog/service.ts'
import { openBusinessOf } from '../order/account-service.ts'
import { walletHoldingsOf } from '../wallet/service.ts'
import { assertCurrentPassword, assertNotCommon, hashPassword } from './passwords.ts'
import { paymentPasswordHash } from './payment-password-service.ts'
import * as repo from './repo.ts'
import { completeSensitiveChange, proveSensitiveChange, tellAccountOwner } from './sensitive-change-service.ts'
import { type AuthDeps, openSession, toMe, uniqueOr } from './service.ts'

/**
 * The logged-in person (member home).
 * @throws 'User not found'
 */
export async function me(deps: AuthDeps, user: SessionUser): Promise<Me> {
  const row = await repo.findUserById(deps.db.kysely, user.id)
  if (!row) throw new AppError('User not found')
  return toMe(row)
}

/**
 * Changes the login password (SPEC §5, a sensitive change): the current password and a code
 * sent to the account's address. Ends every session, opens a fresh one for this device, and
 * tells the address (time, client address) once committed.
 * @throws 'Password incorrect' | 'Too many requests' | 'Password is too common' | 'Captcha incorrect' | 'User not found'
 */
export async function changePassword(deps: AuthDeps, user: SessionUser, body: ChangePasswordBody, ip: string): Promise<Session> {
  await assertNotCommon(body.password)
  const proven = await proveSensitiveChange(deps.db, user, body, 'change_password')
  const passwordHash = await hashPassword(body.password)
  const session = await deps.db.kysely.transaction().execute(async (trx) => {
    await completeSensitiveChange(trx, user, proven)
    await repo.updateUser(trx, user.id, { password_hash: passwordHash, password_change_required: 0 })
    await repo.revokeSessions(trx, user.id, Date.now())
    const row = await repo.findUserById(trx, user.id)
    if (!row) throw new AppError('User not found')
    return openSession(trx, row)
  })
  await tellAccountOwner(deps.mailer, user.email, { kind: 'password' }, { ip, atMs: Date.now() })
  return session
}

/**
 * Sets or replaces the 6-digit payment password (SPEC §5, a sensitive change): the current
 * password and a code to the account's address; stored as an HMAC (payment-password-service).
 * Ends the other sessions and tells the address once committed.
 * @throws 'Password incorrect' | 'Too many requests' | 'Captcha incorrect' | 'User not found'
 */
export async function setPaymentPassword(deps: AuthDeps, user: SessionUser, body: PaymentPasswordBody, ip: string): Promise<Me> {
  const proven = await proveSensitiveChange(deps.db, user, body, 'payment_password')
  const pinHash = paymentPasswordHash(deps.db, user.id, body.paymentPassword)
  await deps.db.kysely.transaction().execute(async (trx) => {
    await completeSensitiveChange(trx, user, proven)
    await repo.updateUser(trx, user.id, { payment_password_hash: pinHash, payment_failures: 0, payment_locked_until_ms: 0 })
  })
  await tellAccountOwner(deps.mailer, user.email, { kind: 'payment_password' }, { ip, atMs: Date.now() })
  return me(deps, user)
}

/**
 * Moves the account to a new email (a sensitive change): the current password and the code
 * sent to the new address. Ends the other sessions and tells the old address once committed.
 * A taken address fails like a wrong code: its code was never mailed (auth service `sendCode`).
 * @throws 'Password incorrect' | 'Too many requests' | 'Captcha incorrect' | 'Email already exists' (a race) | 'User not found'
 */
export async function changeEmail(deps: AuthDeps, user: SessionUser, body: ChangeEmailBody, ip: string): Promise<Me> {
  const proven = await proveSensitiveChange(deps.db, user, body, 'change_email', body.email)
  if (await repo.findUserByEmail(deps.db.kysely, body.email)) throw new AppError('Captcha incorrect')
  await uniqueOr('Email already exists', () =>
    deps.db.kysely.transaction().execute(async (trx) => {
      await completeSensitiveChange(trx, user, proven)
      await repo.updateUser(trx, user.id, { email: body.email })
    }),
  )
  await tellAccountOwner(deps.mailer, user.email, { kind: 'email', newEmail: body.email }, { ip, atMs: Date.now() })
  return me(deps, user)
}

/**
 * Renames the account; nicknames are unique.
 * @throws 'Nickname is already taken'
 */
export async function changeNickname(deps: AuthDeps, user: SessionUser, nickname: string): Promise<Me> {
  if (await repo.nicknameTaken(deps.db.kysely, nickname, user.id)) throw new AppError('Nickname is already taken')
  await uniqueOr('Nickname is already taken', () => repo.updateUser(deps.db.kysely, user.id, { nickname }))
  return me(deps, user)
}

/** What stops a cancellation now, read from the wallet, order and catalog services inside `trx`. */
async function blockersOf(trx: Trx, userId: number): Promise<CancellationCheck> {
  const wallet = await walletHoldingsOf(trx, userId)
  const orders = await openBusinessOf(trx, userId)
  const ownsShop = (await shopIdOfOwner(trx, userId)) !== undefined
  const figures = { ...wallet, ...orders }
  return { canCancel: !ownsShop && Object.values(figures).every((n) => n === 0), ...figures, ownsShop }
}

/**
 * What stops the account's cancellation (SPEC §6), shown before the password is asked: money
 * available or held, orders not finished, refunds waiting, withdrawals or recharges under
 * review, a shop still open.
 */
export function cancellationCheck(deps: AuthDeps, user: SessionUser): Promise<CancellationCheck> {
  return blockersOf(deps.db.kysely, user.id)
}

/**
 * Cancels the account (SPEC §6), confirmed with the password (counted in the account's lock):
 * personal data anonymised, sessions ended, the email free again. Refused while anything of
 * `cancellationCheck` is open, checked in the cancelling transaction, so no balance, order or
 * withdrawal is stranded on an account nobody can log in to. (On PostgreSQL a payment of this
 * same account committing in that very moment is not seen; it needs the account's own session.)
 * @throws 'Password incorrect' | 'Too many requests' | 'Account cannot be cancelled yet' | 'User not found'
 */
export async function cancelAccount(deps: AuthDeps, user: SessionUser, body: CancelAccountBody): Promise<void> {
  await assertCurrentPassword(deps.db, user.id, body.password)
  const unusable = await hash(newSessionToken())
  await deps.db.kysely.transaction().execute(async (trx) => {
    if (!(await blockersOf(trx, user.id)).canCancel) throw new AppError('Account cannot be cancelled yet')
    await repo.updateUser(trx, user.id, {
      email: `cancelled-${user.id}@invalid`,
      nickname: `cancelled-${user.id}`,
      password_hash: unusable,
      payment_password_hash: null,
      status: 'cancelled',
    })
    await repo.revokeSessions(trx, user.id, Date.now())
  })
}
