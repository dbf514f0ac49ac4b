import type { CodePurpose, LoginBody, Me, RegisterBody, ResetPasswordBody, Session } from '@bazaar/contract/auth'
import { failedLoginWindowMs, maxFailedLogins, sessionLifetimeMs } from '@bazaar/contract/auth-values'
import { hash, verify } from '@node-rs/argon2'
import type { Insertable, Kysely } from 'kysely'
import type { Db } from '../../db/database.ts'
import type { Database, UsersTable } from '../../db/schema.ts'
import { AppError } from '../../platform/errors.ts'
import type { Mailer } from '../../platform/mail.ts'
import type { SessionUser } from '../../platform/session.ts'
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
export async function openSession(trx: Kysely<Database>, user: UserRow): Promise<Session> {
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
    const inviter = await kysely
      .selectFrom('users')
      .select('id')
      .where('invitation_code', '=', body.invitationCode.toUpperCase())
      .where('status', '!=', 'cancelled')
      .executeTakeFirst()
    if (!inviter) throw new AppError('Invitation code does not exist')
    invitedBy = inviter.id
  }
  const codeId = await checkCode(deps.db, body.email, 'register', body.code)
  const passwordHash = await hashPassword(body.password)
  return uniqueOr('Email already exists', () =>
    kysely.transaction().execute(async (trx) => {
      await consumeCode(trx, codeId)
      const row: Insertable<UsersTable> = {
        email: body.email,
        password_hash: passwordHash,
        nickname: `user_${newInvitationCode().toLowerCase()}`,
        invitation_code: newInvitationCode(),
        invited_by_user_id: invitedBy,
        payment_password_hash: null,
        created_at_ms: Date.now(),
      }
      const user = await trx.insertInto('users').values(row).returningAll().executeTakeFirstOrThrow()
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
    await trx.updateTable('users').set({ failed_logins: 0, failed_login_window_start_ms: 0 }).where('id', '=', user.id).execute()
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
    await trx
      .updateTable('users')
      .set({ password_hash: passwordHash, failed_logins: 0, failed_login_window_start_ms: 0 })
      .where('id', '=', user.id)
      .execute()
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
