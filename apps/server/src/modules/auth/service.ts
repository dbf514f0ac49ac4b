import type { CodePurpose, LoginBody, Me, RegisterBody, ResetPasswordBody, Session } from '@bazaar/contract/auth'
import { failedLoginWindowMs, maxFailedLogins, sessionLifetimeMs } from '@bazaar/contract/auth-values'
import { hash, verify } from '@node-rs/argon2'
import type { Db, Trx } from '../../db/database.ts'
import type { SessionUser } from '../../platform/access.ts'
import { AppError } from '../../platform/errors.ts'
import type { Mailer } from '../../platform/mail.ts'
import { newInvitationCode, newSessionToken, sha256 } from '../../platform/tokens.ts'
import { checkCode, consumeCode, issueCode } from './codes.ts'
import * as repo from './repo.ts'

/** What the account services need. */
export interface AuthDeps {
  db: Db
  mailer: Mailer
}

// argon2id with @node-rs/argon2's defaults: 19 MiB, 2 passes, parallelism 1 (ARCHITECTURE.md).
const hashPassword = (password: string) => hash(password)
// Verified against when the email is unknown, so both refusals take the same time.
const decoyHash = hash('decoy-password-never-matches')

type UserRow = {
  id: number
  email: string
  nickname: string
  role: string
  invitation_code: string
  payment_password_hash: string | null
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

/**
 * Sends an email code (SPEC §5). Register and change_email need a free address, reset an
 * existing one; the logged-in purposes go to the account's own address.
 * @throws 'Email already exists' | 'Email does not exist' | 'Email incorrect' | 'Please log in' | 'Send Frequently'
 */
export async function sendCode(deps: AuthDeps, purpose: CodePurpose, email: string | undefined, user: SessionUser | undefined) {
  if (purpose === 'change_password' || purpose === 'payment_password') {
    if (!user) throw new AppError('Please log in')
    return issueCode(deps.db, deps.mailer, user.email, purpose)
  }
  if (!email) throw new AppError('Email incorrect')
  if (purpose === 'change_email' && !user) throw new AppError('Please log in')
  const existing = await repo.findUserByEmail(deps.db.kysely, email)
  if (purpose === 'reset_password' && !existing) throw new AppError('Email does not exist')
  if (purpose !== 'reset_password' && existing) throw new AppError('Email already exists')
  return issueCode(deps.db, deps.mailer, email, purpose)
}

/**
 * Registers a buyer and logs them in (SPEC §3 Registration, §5).
 * @throws 'Email already exists' | 'Invitation code does not exist' | 'Captcha incorrect'
 */
export async function register(deps: AuthDeps, body: RegisterBody): Promise<Session> {
  const { kysely } = deps.db
  if (await repo.findUserByEmail(kysely, body.email)) throw new AppError('Email already exists')
  let invitedBy: number | null = null
  if (body.invitationCode) {
    const inviter = await repo.findInviter(kysely, body.invitationCode.toUpperCase())
    if (!inviter) throw new AppError('Invitation code does not exist')
    invitedBy = inviter.id
  }
  const codeId = await checkCode(deps.db, body.email, 'register', body.code)
  const passwordHash = await hashPassword(body.password)
  return uniqueOr('Email already exists', () =>
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
 * Logs in by email and password (SPEC §8 'Incorrect account', 'Account is locked'). After
 * 10 failures within 15 minutes the account refuses every try, right password included,
 * until the window passes.
 * @throws 'Incorrect account' | 'Account is locked' | 'Too many requests'
 */
export async function login(deps: AuthDeps, body: LoginBody): Promise<Session> {
  const { kysely } = deps.db
  const user = await repo.findUserByEmail(kysely, body.email)
  if (!user || user.status === 'cancelled') {
    await verify(await decoyHash, body.password)
    throw new AppError('Incorrect account')
  }
  const nowMs = Date.now()
  if (user.failed_logins >= maxFailedLogins && nowMs - user.failed_login_window_start_ms < failedLoginWindowMs)
    throw new AppError('Too many requests')
  if (!(await verify(user.password_hash, body.password))) {
    await repo.recordFailedLogin(kysely, user.id, nowMs, failedLoginWindowMs)
    throw new AppError('Incorrect account')
  }
  if (user.status === 'locked') throw new AppError('Account is locked')
  return kysely.transaction().execute(async (trx) => {
    await repo.updateUser(trx, user.id, { failed_logins: 0, failed_login_window_start_ms: 0 })
    return openSession(trx, user)
  })
}

/** Ends the current session (SPEC §4: logout clears the token). */
export async function logout(deps: AuthDeps, user: SessionUser): Promise<void> {
  await repo.revokeSessions(deps.db.kysely, user.id, Date.now(), user.tokenHash)
}

/**
 * Forgot password: sets a new password with an email code and ends every session.
 * @throws 'Email does not exist' | 'Captcha incorrect'
 */
export async function resetPassword(deps: AuthDeps, body: ResetPasswordBody): Promise<void> {
  const user = await repo.findUserByEmail(deps.db.kysely, body.email)
  if (!user || user.status === 'cancelled') throw new AppError('Email does not exist')
  const codeId = await checkCode(deps.db, body.email, 'reset_password', body.code)
  const passwordHash = await hashPassword(body.password)
  await deps.db.kysely.transaction().execute(async (trx) => {
    await consumeCode(trx, codeId)
    await repo.updateUser(trx, user.id, { password_hash: passwordHash, failed_logins: 0, failed_login_window_start_ms: 0 })
    await repo.revokeSessions(trx, user.id, Date.now())
  })
}

/** Runs `work`; a unique-constraint violation (a concurrent duplicate) becomes `key`. */
export async function uniqueOr<T>(key: 'Email already exists' | 'Nickname is already taken', work: () => Promise<T>): Promise<T> {
  try {
    return await work()
  } catch (error) {
    const text = String((error as { code?: string; message?: string })?.code ?? '') + String((error as Error)?.message ?? '')
    if (/SQLITE_CONSTRAINT_UNIQUE|23505|UNIQUE constraint/.test(text)) throw new AppError(key)
    throw error
  }
}

export { hashPassword }

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
