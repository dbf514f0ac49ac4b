import type { Trx } from '../../db/database.ts'
import { attemptsForgotten, attemptWindow } from '../../platform/attempt-window.ts'

/** Inserts an operator unless one with the email exists; returns whether it did. */
export async function insertOperator(
  db: Trx,
  row: { email: string; name: string; password_hash: string; created_at_ms: number },
): Promise<boolean> {
  const result = await db
    .insertInto('operators')
    .values(row)
    .onConflict((oc) => oc.column('email').doNothing())
    .executeTakeFirst()
  return Number(result.numInsertedOrUpdatedRows ?? 0) === 1
}

/** An operator by (lower-case) email, or undefined. */
export function findOperatorByEmail(db: Trx, email: string) {
  return db.selectFrom('operators').selectAll().where('email', '=', email).executeTakeFirst()
}

/**
 * Counts one sign-in of an operator BEFORE the password is compared, in one conditional
 * statement (as users' logins): admitted while fewer than `max` were counted in the window,
 * or once it has passed (a new one starts); at most `max` are ever admitted per window.
 * @returns true when this sign-in may compare the password
 */
export async function admitOperatorSignIn(db: Trx, operatorId: number, nowMs: number, windowMs: number, max: number): Promise<boolean> {
  const attempts = attemptWindow(nowMs, windowMs)
  const row = await db
    .updateTable('operators')
    .set(attempts.set)
    .where('id', '=', operatorId)
    .where(attempts.admits(max))
    .returning('failed_logins')
    .executeTakeFirst()
  return row !== undefined
}

/** Forgets an operator's counted sign-ins (after a right password). */
export function resetOperatorSignIns(db: Trx, operatorId: number) {
  return db.updateTable('operators').set(attemptsForgotten).where('id', '=', operatorId).execute()
}

/** Stores an operator session (the token's hash only). */
export function insertOperatorSession(
  db: Trx,
  row: { token_hash: string; operator_id: number; created_at_ms: number; expires_at_ms: number },
) {
  return db
    .insertInto('operator_sessions')
    .values({ ...row, revoked_at_ms: null })
    .execute()
}

/** Revokes one operator session. */
export function revokeOperatorSession(db: Trx, tokenHash: string, nowMs: number) {
  return db.updateTable('operator_sessions').set({ revoked_at_ms: nowMs }).where('token_hash', '=', tokenHash).execute()
}

/** The operator of a live session, or undefined. */
export function findSessionOperator(db: Trx, tokenHash: string, nowMs: number) {
  return db
    .selectFrom('operator_sessions as s')
    .innerJoin('operators as o', 'o.id', 's.operator_id')
    .select(['o.id', 'o.email'])
    .where('s.token_hash', '=', tokenHash)
    .where('s.revoked_at_ms', 'is', null)
    .where('s.expires_at_ms', '>', nowMs)
    .executeTakeFirst()
}

/** Ids and emails of operators. */
export function findOperatorEmails(db: Trx, ids: number[]) {
  if (ids.length === 0) return Promise.resolve([])
  return db.selectFrom('operators').select(['id', 'email']).where('id', 'in', ids).execute()
}
