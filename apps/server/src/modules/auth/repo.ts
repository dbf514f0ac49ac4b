import { type Insertable, sql } from 'kysely'
import type { Trx } from '../../db/database.ts'
import { preparedStatement } from '../../db/prepared.ts'
import { attemptsForgotten, attemptWindow } from '../../platform/attempt-window.ts'
import type { UsersTable } from './tables.ts'

/** A user by (lower-case) email, or undefined. */
export function findUserByEmail(db: Trx, email: string) {
  return db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirst()
}

/** A user by id, or undefined. */
export function findUserById(db: Trx, id: number) {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst()
}

/** The id of a live (not cancelled) user with this invitation code, or undefined. */
export function findInviter(db: Trx, invitationCode: string) {
  return db
    .selectFrom('users')
    .select('id')
    .where('invitation_code', '=', invitationCode)
    .where('status', '!=', 'cancelled')
    .executeTakeFirst()
}

/** Whether another user than `exceptUserId` has this nickname. */
export async function nicknameTaken(db: Trx, nickname: string, exceptUserId: number): Promise<boolean> {
  const row = await db.selectFrom('users').select('id').where('nickname', '=', nickname).where('id', '!=', exceptUserId).executeTakeFirst()
  return row !== undefined
}

/** Inserts a user and returns the whole row. */
export function insertUser(db: Trx, row: Insertable<UsersTable>) {
  return db.insertInto('users').values(row).returningAll().executeTakeFirstOrThrow()
}

/** Changes columns of one user; returns how many rows changed (0 or 1). */
export async function updateUser(
  db: Trx,
  userId: number,
  changes: Partial<{
    email: string
    nickname: string
    password_hash: string
    payment_password_hash: string | null
    status: string
    wallet_status: string
    failed_logins: number
    failed_login_window_start_ms: number
    payment_failures: number
    payment_locked_until_ms: number
    password_change_required: number
  }>,
  onlyIfNotCancelled = false,
): Promise<number> {
  let query = db.updateTable('users').set(changes).where('id', '=', userId)
  if (onlyIfNotCancelled) query = query.where('status', '!=', 'cancelled')
  const result = await query.executeTakeFirst()
  return Number(result.numUpdatedRows)
}

/** Id, email and nickname of users by id (for lists that show who). */
export function findUserSummaries(db: Trx, ids: number[]) {
  if (ids.length === 0) return Promise.resolve([])
  return db.selectFrom('users').select(['id', 'email', 'nickname']).where('id', 'in', ids).execute()
}

/** A page of users by id, optionally filtered by an email or nickname fragment; reads `limit + 1`. */
export function findUserPage(db: Trx, query: { q?: string; afterId?: number; limit: number }) {
  let q = db.selectFrom('users as u').select(['u.id', 'u.email', 'u.nickname', 'u.role', 'u.status', 'u.wallet_status', 'u.created_at_ms'])
  if (query.q) {
    const like = `%${query.q.toLowerCase().replace(/[%_\\]/g, '')}%`
    q = q.where((eb) => eb.or([eb(sql`lower(u.email)`, 'like', like), eb(sql`lower(u.nickname)`, 'like', like)]))
  }
  if (query.afterId !== undefined) q = q.where('u.id', '>', query.afterId)
  return q
    .orderBy('u.id')
    .limit(query.limit + 1)
    .execute()
}

/** The user of a live session (not expired, not revoked), with the account's status. */
export function findSessionUser(db: Trx, tokenHash: string, nowMs: number) {
  return db
    .selectFrom('sessions as s')
    .innerJoin('users as u', 'u.id', 's.user_id')
    .select(['u.id', 'u.email', 'u.role', 'u.status'])
    .where('s.token_hash', '=', tokenHash)
    .where('s.revoked_at_ms', 'is', null)
    .where('s.expires_at_ms', '>', nowMs)
    .executeTakeFirst()
}

/** Stores a new session (the token's hash only). */
export function insertSession(db: Trx, row: { token_hash: string; user_id: number; created_at_ms: number; expires_at_ms: number }) {
  return db
    .insertInto('sessions')
    .values({ ...row, revoked_at_ms: null })
    .execute()
}

/** Revokes one session, or all of a user's live sessions when `tokenHash` is omitted. */
export function revokeSessions(db: Trx, userId: number, nowMs: number, tokenHash?: string) {
  let query = db.updateTable('sessions').set({ revoked_at_ms: nowMs }).where('user_id', '=', userId).where('revoked_at_ms', 'is', null)
  if (tokenHash) query = query.where('token_hash', '=', tokenHash)
  return query.execute()
}

/** Revokes every live session of a user but the one of `keepTokenHash` (after a sensitive change). */
export function revokeOtherSessions(db: Trx, userId: number, nowMs: number, keepTokenHash: string) {
  return db
    .updateTable('sessions')
    .set({ revoked_at_ms: nowMs })
    .where('user_id', '=', userId)
    .where('revoked_at_ms', 'is', null)
    .where('token_hash', '!=', keepTokenHash)
    .execute()
}

/**
 * Counts one password check of a user (a login, or the current password of a sensitive
 * change) BEFORE the password is compared, in one conditional statement: admitted while
 * fewer than `max` were counted in the window, or once the window has passed (a new one
 * starts). Concurrent checks, on any node, are serialised on the row, so at most `max` are
 * ever admitted per window.
 * @returns true when this check may compare the password
 */
export async function admitPasswordCheck(db: Trx, userId: number, nowMs: number, windowMs: number, max: number): Promise<boolean> {
  const attempts = attemptWindow(nowMs, windowMs)
  const row = await db
    .updateTable('users')
    .set(attempts.set)
    .where('id', '=', userId)
    .where(attempts.admits(max))
    .returning('failed_logins')
    .executeTakeFirst()
  return row !== undefined
}

/** Forgets a user's counted password checks (after a right password). */
export function resetPasswordChecks(db: Trx, userId: number) {
  return db.updateTable('users').set(attemptsForgotten).where('id', '=', userId).execute()
}

/**
 * Enters a payment password in one conditional statement that counts, compares and resets
 * (ARCHITECTURE.md, Passwords): admitted unless payments are locked or no payment password is
 * set; when the stored hash equals `givenHash` the count and any lock are cleared, otherwise
 * the entry is counted and the `max`-th counted entry locks payments until `lockedUntilMs`.
 * So at most `max` wrong entries are compared per lock period, however many arrive at once,
 * and a right one costs no second statement. (Both hashes are HMACs under a server secret:
 * the comparison's timing tells nothing about the PIN.)
 * @returns the stored hash and the user's names and states, or undefined when not admitted
 */
export async function enterPaymentPin(
  db: Trx,
  p: { userId: number; givenHash: string; nowMs: number; max: number; lockedUntilMs: number },
) {
  return (await paymentEntry(db, p)).rows[0]
}

const paymentEntry = preparedStatement((db, p: { userId: number; givenHash: string; nowMs: number; max: number; lockedUntilMs: number }) =>
  db
    .updateTable('users')
    .set((eb) => ({
      payment_failures: eb
        .case()
        .when('payment_password_hash', '=', p.givenHash)
        .then(eb.val(0))
        .when(eb('payment_failures', '+', 1), '>=', p.max)
        .then(eb.val(0))
        .else(eb('payment_failures', '+', 1))
        .end(),
      payment_locked_until_ms: eb
        .case()
        .when('payment_password_hash', '=', p.givenHash)
        .then(eb.val(0))
        .when(eb('payment_failures', '+', 1), '>=', p.max)
        .then(eb.val(p.lockedUntilMs))
        .else(eb.ref('payment_locked_until_ms'))
        .end(),
    }))
    .where('id', '=', p.userId)
    .where('payment_locked_until_ms', '<=', p.nowMs)
    .where('payment_password_hash', 'is not', null)
    .returning(['payment_password_hash', 'nickname', 'status', 'wallet_status']),
)

/**
 * Replaces an older-format payment password hash after a right entry and clears the count
 * and lock that entry's statement set (it could not compare that format); nothing when the
 * hash changed meanwhile.
 */
export function rehashPaymentPassword(db: Trx, userId: number, oldHash: string, newHash: string) {
  return db
    .updateTable('users')
    .set({ payment_password_hash: newHash, payment_failures: 0, payment_locked_until_ms: 0 })
    .where('id', '=', userId)
    .where('payment_password_hash', '=', oldHash)
    .execute()
}

/** Forgets a user's counted payment password entries and lifts a lock (after a right one). */
export function resetPaymentEntries(db: Trx, userId: number) {
  return db.updateTable('users').set({ payment_failures: 0, payment_locked_until_ms: 0 }).where('id', '=', userId).execute()
}

/** The newest code sent for an email and purpose, used or not. */
export function findLatestCode(db: Trx, email: string, purpose: string) {
  return db
    .selectFrom('email_codes')
    .selectAll()
    .where('email', '=', email)
    .where('purpose', '=', purpose)
    .orderBy('created_at_ms', 'desc')
    .orderBy('id', 'desc')
    .executeTakeFirst()
}

/** Stores a sent code (its hash only). */
export function insertCode(
  db: Trx,
  row: { email: string; purpose: string; code_hash: string; created_at_ms: number; expires_at_ms: number },
) {
  return db
    .insertInto('email_codes')
    .values({ ...row, used_at_ms: null })
    .execute()
}

/**
 * Counts one try of a code BEFORE it is compared, in one conditional statement: admitted only
 * while the code is unused, unexpired and has fewer than `maxTries` tries. Concurrent tries
 * are serialised on the row, so at most `maxTries` are ever compared.
 * @returns true when this try may compare the code
 */
export async function admitCodeTry(db: Trx, codeId: number, nowMs: number, maxTries: number): Promise<boolean> {
  const row = await db
    .updateTable('email_codes')
    .set((eb) => ({ wrong_tries: eb('wrong_tries', '+', 1) }))
    .where('id', '=', codeId)
    .where('used_at_ms', 'is', null)
    .where('expires_at_ms', '>', nowMs)
    .where('wrong_tries', '<', maxTries)
    .returning('wrong_tries')
    .executeTakeFirst()
  return row !== undefined
}

/** Marks a code used unless it was used already (its tries were counted when it was compared); returns whether it did. */
export async function markCodeUsed(db: Trx, codeId: number, nowMs: number): Promise<boolean> {
  const result = await db
    .updateTable('email_codes')
    .set({ used_at_ms: nowMs })
    .where('id', '=', codeId)
    .where('used_at_ms', 'is', null)
    .executeTakeFirst()
  return Number(result.numUpdatedRows) === 1
}
