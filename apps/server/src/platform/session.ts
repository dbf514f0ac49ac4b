import type { FastifyRequest } from 'fastify'
import type { Db } from '../db/database.ts'
import { AppError } from './errors.ts'
import { sha256 } from './tokens.ts'

/** The person behind a request's `token` header. */
export interface SessionUser {
  id: number
  email: string
  role: 'buyer' | 'merchant'
  tokenHash: string
}

/**
 * The SHA-256 of a session token header (`token` for users, `admin-token` for operators).
 * @throws 'Please log in' when it is missing or longer than any token we issue
 */
export function headerTokenHash(request: FastifyRequest, name: 'token' | 'admin-token'): string {
  const header = request.headers[name]
  const token = Array.isArray(header) ? header[0] : header
  if (!token || token.length > 200) throw new AppError('Please log in')
  return sha256(token)
}

/**
 * Reads the `token` header and returns its live session's user: not expired, not revoked,
 * account active. One indexed lookup by the token's hash.
 * @throws 'Please log in' (401) when the token is missing, unknown, expired or revoked
 */
export async function requireUser(db: Db, request: FastifyRequest): Promise<SessionUser> {
  const tokenHash = headerTokenHash(request, 'token')
  const row = await db.kysely
    .selectFrom('sessions as s')
    .innerJoin('users as u', 'u.id', 's.user_id')
    .select(['u.id', 'u.email', 'u.role', 'u.status'])
    .where('s.token_hash', '=', tokenHash)
    .where('s.revoked_at_ms', 'is', null)
    .where('s.expires_at_ms', '>', Date.now())
    .executeTakeFirst()
  if (!row || row.status !== 'active') throw new AppError('Please log in')
  return { id: row.id, email: row.email, role: row.role === 'merchant' ? 'merchant' : 'buyer', tokenHash }
}
