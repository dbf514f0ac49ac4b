import type { OperatorSession } from '@bazaar/contract/admin'
import { failedLoginWindowMs, maxFailedLogins, operatorPasswordMinLength, sessionLifetimeMs } from '@bazaar/contract/auth-values'
import { hash, verify } from '@node-rs/argon2'
import type { Db, Trx } from '../../db/database.ts'
import type { SessionOperator } from '../../platform/access.ts'
import { AppError } from '../../platform/errors.ts'
import { newSessionToken, sha256 } from '../../platform/tokens.ts'
import * as repo from './repo.ts'

/**
 * Creates an operator account (never with a default password: the caller supplies one of
 * at least 12 characters). Used by `npm run operator:create` and by the first start when
 * OPERATOR_EMAIL and OPERATOR_PASSWORD are set.
 * @returns false when an operator with this email exists already
 */
export async function createOperator(db: Db, input: { email: string; password: string; name?: string }): Promise<boolean> {
  if (input.password.length < operatorPasswordMinLength)
    throw new Error(`operator passwords need at least ${operatorPasswordMinLength} characters`)
  const email = input.email.trim().toLowerCase()
  return repo.insertOperator(db.kysely, {
    email,
    name: input.name ?? email.split('@')[0] ?? email,
    password_hash: await hash(input.password),
    created_at_ms: Date.now(),
  })
}

// Verified against for an unknown email, so both refusals take the same time.
const decoyHash = hash('decoy-operator-password-never-matches')

/**
 * Logs an operator in, under the same per-account lock as users (ARCHITECTURE.md, Passwords):
 * each try is counted before the password is compared; after 10 within 15 minutes every try
 * is refused, the right password included, until the window passes.
 * @throws 'Incorrect account' | 'Too many requests'
 */
export async function loginOperator(db: Db, email: string, password: string): Promise<OperatorSession> {
  const operator = await repo.findOperatorByEmail(db.kysely, email)
  if (!operator) {
    await verify(await decoyHash, password)
    throw new AppError('Incorrect account')
  }
  if (!(await repo.admitOperatorSignIn(db.kysely, operator.id, Date.now(), failedLoginWindowMs, maxFailedLogins)))
    throw new AppError('Too many requests')
  if (!(await verify(operator.password_hash, password))) throw new AppError('Incorrect account')
  await repo.resetOperatorSignIns(db.kysely, operator.id)
  const token = newSessionToken()
  const nowMs = Date.now()
  const expiresAtMs = nowMs + sessionLifetimeMs
  await repo.insertOperatorSession(db.kysely, {
    token_hash: sha256(token),
    operator_id: operator.id,
    created_at_ms: nowMs,
    expires_at_ms: expiresAtMs,
  })
  return { token, expiresAtMs, operator: { id: operator.id, email: operator.email, name: operator.name } }
}

/** Ends an operator session. */
export async function logoutOperator(db: Db, operator: SessionOperator): Promise<void> {
  await repo.revokeOperatorSession(db.kysely, operator.tokenHash, Date.now())
}

/** The operator of a live session (the guards' resolver), or undefined. */
export async function sessionOperator(db: Db, tokenHash: string): Promise<SessionOperator | undefined> {
  const row = await repo.findSessionOperator(db.kysely, tokenHash, Date.now())
  return row ? { id: row.id, email: row.email, tokenHash } : undefined
}

/** Emails of operators by id (audit log lines). */
export async function operatorEmails(trx: Trx, ids: number[]): Promise<Map<number, string>> {
  const rows = await repo.findOperatorEmails(trx, [...new Set(ids)])
  return new Map(rows.map((r) => [r.id, r.email]))
}
