import type { CancelAccountBody, ChangeEmailBody, ChangePasswordBody, Me, PaymentPasswordBody, Session } from '@bazaar/contract/auth'
import { hash, verify } from '@node-rs/argon2'
import type { SessionUser } from '../../platform/access.ts'
import { AppError } from '../../platform/errors.ts'
import { newSessionToken } from '../../platform/tokens.ts'
import { shopIdOfOwner } from '../catalog/service.ts'
import { checkCode, consumeCode } from './codes.ts'
import * as repo from './repo.ts'
import { type AuthDeps, hashPassword, openSession, toMe, uniqueOr } from './service.ts'

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
 * Changes the password with a code sent to the account's email (SPEC §5), ends every
 * session and opens a fresh one for this device.
 * @throws 'Captcha incorrect'
 */
export async function changePassword(deps: AuthDeps, user: SessionUser, body: ChangePasswordBody): Promise<Session> {
  const codeId = await checkCode(deps.db, user.email, 'change_password', body.code)
  const passwordHash = await hashPassword(body.password)
  return deps.db.kysely.transaction().execute(async (trx) => {
    await consumeCode(trx, codeId)
    await repo.updateUser(trx, user.id, { password_hash: passwordHash })
    await repo.revokeSessions(trx, user.id, Date.now())
    const row = await repo.findUserById(trx, user.id)
    if (!row) throw new AppError('User not found')
    return openSession(trx, row)
  })
}

/**
 * Sets or replaces the 6-digit payment password with an email code (SPEC §5).
 * @throws 'Captcha incorrect'
 */
export async function setPaymentPassword(deps: AuthDeps, user: SessionUser, body: PaymentPasswordBody): Promise<Me> {
  const codeId = await checkCode(deps.db, user.email, 'payment_password', body.code)
  const paymentHash = await hash(body.paymentPassword)
  await deps.db.kysely.transaction().execute(async (trx) => {
    await consumeCode(trx, codeId)
    await repo.updateUser(trx, user.id, { payment_password_hash: paymentHash, payment_failures: 0, payment_locked_until_ms: 0 })
  })
  return me(deps, user)
}

/**
 * Moves the account to a new email, proven by the code sent to that new address.
 * @throws 'Email already exists' | 'Captcha incorrect'
 */
export async function changeEmail(deps: AuthDeps, user: SessionUser, body: ChangeEmailBody): Promise<Me> {
  if (await repo.findUserByEmail(deps.db.kysely, body.email)) throw new AppError('Email already exists')
  const codeId = await checkCode(deps.db, body.email, 'change_email', body.code)
  await uniqueOr('Email already exists', () =>
    deps.db.kysely.transaction().execute(async (trx) => {
      await consumeCode(trx, codeId)
      await repo.updateUser(trx, user.id, { email: body.email })
    }),
  )
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

/**
 * Cancels the account (SPEC §6), confirmed with the password: personal data anonymised,
 * sessions ended, the email free again. A merchant with a shop is refused ('Processing')
 * until the shop is closed by the merchant issue's flow.
 * @throws 'Incorrect account' | 'Processing'
 */
export async function cancelAccount(deps: AuthDeps, user: SessionUser, body: CancelAccountBody): Promise<void> {
  const row = await repo.findUserById(deps.db.kysely, user.id)
  if (!row || !(await verify(row.password_hash, body.password))) throw new AppError('Incorrect account')
  if ((await shopIdOfOwner(deps.db.kysely, user.id)) !== undefined) throw new AppError('Processing')
  const unusable = await hash(newSessionToken())
  await deps.db.kysely.transaction().execute(async (trx) => {
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
