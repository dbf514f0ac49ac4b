import type { CodePurpose, LoginBody, Me, RegisterBody, ResetPasswordBody, Session } from '@bazaar/contract/auth'
import { sessionLifetimeMs } from '@bazaar/contract/auth-values'
import type { Db, Trx } from '../../db/database.ts'
import type { SessionUser } from '../../platform/access.ts'
import { AppError } from '../../platform/errors.ts'
import type { Mailer } from '../../platform/mail.ts'
import { newInvitationCode, newSessionToken, sha256 } from '../../platform/tokens.ts'
import { checkCode, consumeCode, issueCode } from './codes.ts'
import { assertNotCommon, checkAccountPassword, hashPassword, meetsPasswordRule, verifyDecoy } from './passwords.ts'
import * as repo from './repo.ts'

/** What the account services need. */
export interface AuthDeps {
  db: Db
  mailer: Mailer
}

type UserRow = {
  id: number
  email: string
  nickname: string
  role: string
  invitation_code: string
  payment_password_hash: string | null
  password_change_required: number
  created_at_ms: number
}

/** Maps a user row to the member pages' shape. */
export function toMe(u: UserRow): Me {
  return {
    id: u.id,
    email: u.email,
    nickname: u.nickname,
    role: u.role === 'merchant' ? 'merchant' : 'buyer',
    invitationCode: u.invitation_code,
    hasPaymentPassword: u.payment_password_hash !== null,
    mustChangePassword: u.password_change_required === 1,
    createdAtMs: u.created_at_ms,
  }
}

/** Opens a session for a user inside the caller's transaction; returns the token once. */
export async function openSession(trx: Trx, user: UserRow): Promise<Session> {
  const token = newSessionToken()
  const nowMs = Date.now()
  const expiresAtMs = nowMs + sessionLifetimeMs
  await repo.insertSession(trx, { token_hash: sha256(token), user_id: user.id, created_at_ms: nowMs, expires_at_ms: expiresAtMs })
  return { token, expiresAtMs, user: toMe(user) }
}

/** Purposes whose code goes to the signed-in account's own address. */
const ownAddressPurposes: readonly CodePurpose[] = ['change_password', 'payment_password', 'withdrawal_address']

/**
 * Sends an email code (SPEC §5). The signed-in purposes go to the account's own address.
 * Register, reset_password and change_email answer the same whether the address has an
 * account or not, so nobody learns who is registered: a registration code for a taken address
 * mails its owner a notice instead, and a reset or e-mail change code mails only where it
 * can apply; the later step then fails on the code ('Captcha incorrect').
 * @throws 'Email incorrect' | 'Please log in' | 'Send Frequently'
 */
export async function sendCode(deps: AuthDeps, purpose: CodePurpose, email: string | undefined, user: SessionUser | undefined) {
  if (ownAddressPurposes.includes(purpose)) {
    if (!user) throw new AppError('Please log in')
    return issueCode(deps.db, deps.mailer, user.email, purpose)
  }
  if (!email) throw new AppError('Email incorrect')
  if (purpose === 'change_email' && !user) throw new AppError('Please log in')
  const registered = (await repo.findUserByEmail(deps.db.kysely, email)) !== undefined
  if (purpose === 'register') return issueCode(deps.db, deps.mailer, email, purpose, registered ? 'already-registered' : 'code')
  if (purpose === 'reset_password') return issueCode(deps.db, deps.mailer, email, purpose, registered ? 'code' : 'none')
  return issueCode(deps.db, deps.mailer, email, purpose, registered ? 'none' : 'code')
}

/**
 * Registers a buyer and logs them in (SPEC §3 Registration, §5). A taken address fails like a
 * wrong code: its registration code was never mailed (see `sendCode`).
 * @throws 'Invitation code does not exist' | 'Password is too common' | 'Captcha incorrect'
 */
export async function register(deps: AuthDeps, body: RegisterBody): Promise<Session> {
  const { kysely } = deps.db
  let invitedBy: number | null = null
  if (body.invitationCode) {
    const inviter = await repo.findInviter(kysely, body.invitationCode.toUpperCase())
    if (!inviter) throw new AppError('Invitation code does not exist')
    invitedBy = inviter.id
  }
  await assertNotCommon(body.password)
  const codeId = await checkCode(deps.db, body.email, 'register', body.code)
  if (await repo.findUserByEmail(kysely, body.email)) throw new AppError('Captcha incorrect')
  const passwordHash = await hashPassword(body.password)
  return uniqueOr('Captcha incorrect', () =>
    kysely.transaction().execute(async (trx) => {
      await consumeCode(trx, codeId)
      const user = await repo.insertUser(trx, {
        email: body.email,
        password_hash: passwordHash,
        nickname: `user_${newInvitationCode().toLowerCase()}`,
        invitation_code: newInvitationCode(),
        invited_by_user_id: invitedBy,
        payment_password_hash: null,
        created_at_ms: Date.now(),
      })
      return openSession(trx, user)
    }),
  )
}

/**
 * Logs in by email and password (SPEC §8 'Incorrect account', 'Account is locked'). Each try
 * is counted before the password is compared; after 10 within 15 minutes the account refuses
 * every try, right password included, until the window passes. A password older than the
 * current rule still logs in, and the session says `mustChangePassword`.
 * @throws 'Incorrect account' | 'Account is locked' | 'Too many requests'
 */
export async function login(deps: AuthDeps, body: LoginBody): Promise<Session> {
  const { kysely } = deps.db
  const user = await repo.findUserByEmail(kysely, body.email)
  if (!user || user.status === 'cancelled') {
    await verifyDecoy(body.password)
    throw new AppError('Incorrect account')
  }
  if (!(await checkAccountPassword(deps.db, user, body.password))) throw new AppError('Incorrect account')
  if (user.status === 'locked') throw new AppError('Account is locked')
  const changeRequired = (await meetsPasswordRule(body.password)) ? 0 : 1
  return kysely.transaction().execute(async (trx) => {
    if (user.password_change_required !== changeRequired) await repo.updateUser(trx, user.id, { password_change_required: changeRequired })
    return openSession(trx, { ...user, password_change_required: changeRequired })
  })
}

/** Ends the current session (SPEC §4: logout clears the token). */
export async function logout(deps: AuthDeps, user: SessionUser): Promise<void> {
  await repo.revokeSessions(deps.db.kysely, user.id, Date.now(), user.tokenHash)
}

/**
 * Forgot password: sets a new password with a code sent to the account's address alone (SPEC
 * §5) and ends every session. An address without an account fails like a wrong code (its
 * reset code was never mailed, see `sendCode`).
 * @throws 'Password is too common' | 'Captcha incorrect'
 */
export async function resetPassword(deps: AuthDeps, body: ResetPasswordBody): Promise<void> {
  await assertNotCommon(body.password)
  const codeId = await checkCode(deps.db, body.email, 'reset_password', body.code)
  const user = await repo.findUserByEmail(deps.db.kysely, body.email)
  if (!user || user.status === 'cancelled') throw new AppError('Captcha incorrect')
  const passwordHash = await hashPassword(body.password)
  await deps.db.kysely.transaction().execute(async (trx) => {
    await consumeCode(trx, codeId)
    await repo.updateUser(trx, user.id, {
      password_hash: passwordHash,
      password_change_required: 0,
      failed_logins: 0,
      failed_login_window_start_ms: 0,
    })
    await repo.revokeSessions(trx, user.id, Date.now())
  })
}

/** Runs `work`; a unique-constraint violation (a concurrent duplicate) becomes `key`. */
export async function uniqueOr<T>(
  key: 'Email already exists' | 'Nickname is already taken' | 'Captcha incorrect',
  work: () => Promise<T>,
): Promise<T> {
  try {
    return await work()
  } catch (error) {
    const text = String((error as { code?: string; message?: string })?.code ?? '') + String((error as Error)?.message ?? '')
    if (/SQLITE_CONSTRAINT_UNIQUE|23505|UNIQUE constraint/.test(text)) throw new AppError(key)
    throw error
  }
}

/**
 * The user of a live session (the guards' resolver): not expired, not revoked, account
 * active; undefined otherwise. One indexed lookup by the token's hash.
 */
export async function sessionUser(db: Db, tokenHash: string): Promise<SessionUser | undefined> {
  const row = await repo.findSessionUser(db.kysely, tokenHash, Date.now())
  if (row?.status !== 'active') return undefined
  return { id: row.id, email: row.email, role: row.role === 'merchant' ? 'merchant' : 'buyer', tokenHash }
}

/**
 * Refuses money actions of a locked account or a frozen wallet (SPEC §6), inside the
 * caller's transaction.
 * @throws 'Account is locked' | 'Money Status is locked'
 */
export async function assertMoneyAllowed(trx: Trx, userId: number): Promise<void> {
  const user = await repo.findUserById(trx, userId)
  if (user?.status !== 'active') throw new AppError('Account is locked')
  if (user.wallet_status !== 'active') throw new AppError('Money Status is locked')
}

/** The wallet page's account flags: frozen or not, payment password set or not. */
export async function walletFlags(trx: Trx, userId: number): Promise<{ walletStatus: 'active' | 'frozen'; hasPaymentPassword: boolean }> {
  const user = await repo.findUserById(trx, userId)
  return { walletStatus: user?.wallet_status === 'frozen' ? 'frozen' : 'active', hasPaymentPassword: Boolean(user?.payment_password_hash) }
}

/** Email and nickname of users by id, for lists that show who (queues, orders). */
export async function userSummaries(trx: Trx, ids: number[]): Promise<Map<number, { email: string; nickname: string }>> {
  const rows = await repo.findUserSummaries(trx, [...new Set(ids)])
  return new Map(rows.map((r) => [r.id, { email: r.email, nickname: r.nickname }]))
}

/** A page of accounts by id for the console, optionally filtered by an email or nickname fragment; reads `limit + 1`. */
export function userPage(trx: Trx, query: { q?: string; afterId?: number; limit: number }) {
  return repo.findUserPage(trx, query)
}

/**
 * Locks or unlocks an account (SPEC §6) inside the caller's transaction; locking ends every
 * session of the user.
 * @throws 'User not found' (unknown or cancelled)
 */
export async function setAccountLocked(trx: Trx, userId: number, locked: boolean): Promise<void> {
  if ((await repo.updateUser(trx, userId, { status: locked ? 'locked' : 'active' }, true)) !== 1) throw new AppError('User not found')
  if (locked) await repo.revokeSessions(trx, userId, Date.now())
}

/**
 * Freezes or thaws a wallet inside the caller's transaction: a frozen wallet refuses money
 * actions ('Money Status is locked').
 * @throws 'User not found'
 */
export async function setWalletFrozen(trx: Trx, userId: number, frozen: boolean): Promise<void> {
  if ((await repo.updateUser(trx, userId, { wallet_status: frozen ? 'frozen' : 'active' })) !== 1) throw new AppError('User not found')
}

/**
 * Makes a user a merchant (an approved shop application, SPEC §6), inside the caller's
 * transaction.
 * @throws 'User not found'
 */
export async function grantMerchantRole(trx: Trx, userId: number): Promise<void> {
  // The one statement here rather than in repo.ts: the merchant issue adds only this function to auth.
  const result = await trx.updateTable('users').set({ role: 'merchant' }).where('id', '=', userId).executeTakeFirst()
  if (Number(result.numUpdatedRows) !== 1) throw new AppError('User not found')
}

/**
 * The active account of a user id as a session would show it, or undefined (locked,
 * cancelled, unknown): a merchant's API key acts for its shop's owner only while the
 * account is active (integrations module).
 */
export async function activeUser(trx: Trx, userId: number): Promise<Omit<SessionUser, 'tokenHash'> | undefined> {
  const row = await repo.findUserById(trx, userId)
  if (row?.status !== 'active') return undefined
  return { id: row.id, email: row.email, role: row.role === 'merchant' ? 'merchant' : 'buyer' }
}
