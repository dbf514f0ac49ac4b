import type { OperatorSession } from '@bazaar/contract/admin'
import { sessionLifetimeMs } from '@bazaar/contract/auth-values'
import { hash, verify } from '@node-rs/argon2'
import type { FastifyRequest } from 'fastify'
import type { Db } from '../../db/database.ts'
import { AppError } from '../../platform/errors.ts'
import { headerTokenHash } from '../../platform/session.ts'
import { newSessionToken, sha256 } from '../../platform/tokens.ts'

/** An operator behind a request's `admin-token` header. */
export interface SessionOperator {
  id: number
  email: string
  tokenHash: string
}

/**
 * Creates an operator account (never with a default password: the caller supplies one of
 * at least 12 characters). Used by `npm run operator:create` and by the first start when
 * OPERATOR_EMAIL and OPERATOR_PASSWORD are set.
 * @returns false when an operator with this email exists already
 */
export async function createOperator(db: Db, input: { email: string; password: string; name?: string }): Promise<boolean> {
  if (input.password.length < 12) throw new Error('operator passwords need at least 12 characters')
  const email = input.email.trim().toLowerCase()
  const result = await db.kysely
    .insertInto('operators')
    .values({
      email,
      name: input.name ?? email.split('@')[0] ?? email,
      password_hash: await hash(input.password),
      created_at_ms: Date.now(),
    })
    .onConflict((oc) => oc.column('email').doNothing())
    .executeTakeFirst()
  return Number(result.numInsertedOrUpdatedRows ?? 0) === 1
}

/**
 * Logs an operator in.
 * @throws 'Incorrect account'
 */
export async function loginOperator(db: Db, email: string, password: string): Promise<OperatorSession> {
  const operator = await db.kysely.selectFrom('operators').selectAll().where('email', '=', email).executeTakeFirst()
  if (!operator || !(await verify(operator.password_hash, password))) throw new AppError('Incorrect account')
  const token = newSessionToken()
  const nowMs = Date.now()
  const expiresAtMs = nowMs + sessionLifetimeMs
  await db.kysely
    .insertInto('operator_sessions')
    .values({ token_hash: sha256(token), operator_id: operator.id, created_at_ms: nowMs, expires_at_ms: expiresAtMs, revoked_at_ms: null })
    .execute()
  return { token, expiresAtMs, operator: { id: operator.id, email: operator.email, name: operator.name } }
}

/** Ends an operator session. */
export async function logoutOperator(db: Db, operator: SessionOperator): Promise<void> {
  await db.kysely.updateTable('operator_sessions').set({ revoked_at_ms: Date.now() }).where('token_hash', '=', operator.tokenHash).execute()
}

/**
 * The operator behind the `admin-token` header.
 * @throws 'Please log in' (401)
 */
export async function requireOperator(db: Db, request: FastifyRequest): Promise<SessionOperator> {
  const tokenHash = headerTokenHash(request, 'admin-token')
  const row = await db.kysely
    .selectFrom('operator_sessions as s')
    .innerJoin('operators as o', 'o.id', 's.operator_id')
    .select(['o.id', 'o.email'])
    .where('s.token_hash', '=', tokenHash)
    .where('s.revoked_at_ms', 'is', null)
    .where('s.expires_at_ms', '>', Date.now())
    .executeTakeFirst()
  if (!row) throw new AppError('Please log in')
  return { id: row.id, email: row.email, tokenHash }
}
