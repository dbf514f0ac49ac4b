import type { Kysely } from 'kysely'
import type { Database } from '../../db/schema.ts'

type Db = Kysely<Database>

/** A user by (lower-case) email, or undefined. */
export function findUserByEmail(db: Db, email: string) {
  return db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirst()
}

/** A user by id, or undefined. */
export function findUserById(db: Db, id: number) {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst()
}

/** Stores a new session (the token's hash only). */
export function insertSession(db: Db, row: { token_hash: string; user_id: number; created_at_ms: number; expires_at_ms: number }) {
  return db
    .insertInto('sessions')
    .values({ ...row, revoked_at_ms: null })
    .execute()
}

/** Revokes one session, or all of a user's live sessions when `tokenHash` is omitted. */
export function revokeSessions(db: Db, userId: number, nowMs: number, tokenHash?: string) {
  let query = db.updateTable('sessions').set({ revoked_at_ms: nowMs }).where('user_id', '=', userId).where('revoked_at_ms', 'is', null)
  if (tokenHash) query = query.where('token_hash', '=', tokenHash)
  return query.execute()
}

/**
 * Counts a failed login inside the 15-minute window, opening a new window when the last
 * one has passed. One conditional statement, so concurrent failures all count.
 */
export function recordFailedLogin(db: Db, userId: number, nowMs: number, windowMs: number) {
  return db
    .updateTable('users')
    .set((eb) => ({
      failed_logins: eb
        .case()
        .when('failed_login_window_start_ms', '<=', nowMs - windowMs)
        .then(1)
        .else(eb('failed_logins', '+', 1))
        .end(),
      failed_login_window_start_ms: eb
        .case()
        .when('failed_login_window_start_ms', '<=', nowMs - windowMs)
        .then(nowMs)
        .else(eb.ref('failed_login_window_start_ms'))
        .end(),
    }))
    .where('id', '=', userId)
    .execute()
}

/** The newest code sent for an email and purpose, used or not. */
export function findLatestCode(db: Db, email: string, purpose: string) {
  return db
    .selectFrom('email_codes')
    .selectAll()
    .where('email', '=', email)
    .where('purpose', '=', purpose)
    .orderBy('created_at_ms', 'desc')
    .orderBy('id', 'desc')
    .executeTakeFirst()
}
