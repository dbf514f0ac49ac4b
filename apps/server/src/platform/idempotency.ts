import { createHash } from 'node:crypto'
import { singleLine } from '@bazaar/contract/text'
import { z } from 'zod'
import type { Db, Trx } from '../db/database.ts'
import { AppError } from './errors.ts'

/** Visible ASCII, 1 to 100 characters: what clients mint (a UUID) and all that is stored. */
const keyPattern = /^[\x21-\x7e]{1,100}$/

/** The optional `Idempotency-Key` header of the routes that move money (other headers pass). */
export const IdempotencyHeader = z
  .object({ 'idempotency-key': singleLine().max(100).regex(keyPattern, 'Invalid parameters').optional() })
  .passthrough()

/** A key left 'running' by an older version (which claimed keys in a commit of their own) after this long belongs to a request that died. */
const staleRunningMs = 60_000

/** Where a money-moving call's key lives: per user and route (ARCHITECTURE.md, Idempotency). */
export interface IdempotencyScope {
  userId: number
  route: string
  /** The `Idempotency-Key` header; undefined runs the work without a key. */
  key: string | undefined
  body: unknown
}

/**
 * Refuses a malformed key before anything runs (it is never stored).
 * @throws 'Invalid parameters'
 */
export function assertIdempotencyKey(scope: IdempotencyScope): void {
  if (scope.key !== undefined && !keyPattern.test(scope.key)) throw new AppError('Invalid parameters')
}

const requestHashOf = (scope: IdempotencyScope) =>
  createHash('sha256')
    .update(JSON.stringify(scope.body ?? null))
    .digest('hex')

const keyOf = (scope: IdempotencyScope & { key: string }) => ({ user_id: scope.userId, route: scope.route, key: scope.key })

/**
 * Claims an `Idempotency-Key` inside the caller's open money transaction, like Stripe, but
 * with the key's row written in that transaction (ARCHITECTURE.md, Idempotency): it commits
 * with the money movement or rolls back with it, so no key is ever left claimed by a request
 * that failed or died. A second request with the same key while the first runs waits for the
 * first to end (on the row's unique index on PostgreSQL, on the write lock on SQLite) and then
 * gets the first answer. Same key, other body: 'Idempotency key reused' (422). A refusal is
 * replayed as the same error.
 * @param answer the answer to store now, when the caller knows it before the work (a
 *   payment's order ids); otherwise `finishIdempotencyKey` stores it at the end
 * @returns undefined when the key is new (or there is none): the caller does the work;
 *   otherwise the first answer
 * @throws 'Idempotency key reused' | the first call's refusal, replayed | 'Idempotency key in use' (409: a key that an
 *   older version left running, for its first minute)
 */
export async function claimIdempotencyKey(trx: Trx, scope: IdempotencyScope, answer?: unknown): Promise<{ answer: unknown } | undefined> {
  if (scope.key === undefined) return undefined
  const where = keyOf({ ...scope, key: scope.key })
  const requestHash = requestHashOf(scope)
  const nowMs = Date.now()
  const known = answer !== undefined
  const claimed = await trx
    .insertInto('idempotency_keys')
    .values({
      ...where,
      request_hash: requestHash,
      state: known ? 'done' : 'running',
      status_code: known ? 200 : null,
      response_json: known ? JSON.stringify(answer) : null,
      created_at_ms: nowMs,
    })
    .onConflict((oc) => oc.columns(['user_id', 'route', 'key']).doNothing())
    .returning('key')
    .executeTakeFirst()
  if (claimed) return undefined
  const existing = await trx
    .selectFrom('idempotency_keys')
    .selectAll()
    .where('user_id', '=', where.user_id)
    .where('route', '=', where.route)
    .where('key', '=', where.key)
    .executeTakeFirstOrThrow()
  if (existing.request_hash !== requestHash) throw new AppError('Idempotency key reused')
  if (existing.state === 'done') return { answer: replay(existing.status_code, existing.response_json) }
  const takeover = await trx
    .updateTable('idempotency_keys')
    .set({
      state: known ? 'done' : 'running',
      status_code: known ? 200 : null,
      response_json: known ? JSON.stringify(answer) : null,
      created_at_ms: nowMs,
    })
    .where('user_id', '=', where.user_id)
    .where('route', '=', where.route)
    .where('key', '=', where.key)
    .where('state', '=', 'running')
    .where('created_at_ms', '<', nowMs - staleRunningMs)
    .executeTakeFirst()
  if (Number(takeover.numUpdatedRows) !== 1) throw new AppError('Idempotency key in use')
  return undefined
}

/** Stores the answer of a key claimed without one, in the same transaction as the work. */
export async function finishIdempotencyKey(trx: Trx, scope: IdempotencyScope, answer: unknown): Promise<void> {
  if (scope.key === undefined) return
  const where = keyOf({ ...scope, key: scope.key })
  await trx
    .updateTable('idempotency_keys')
    .set({ state: 'done', status_code: 200, response_json: JSON.stringify(answer) })
    .where('user_id', '=', where.user_id)
    .where('route', '=', where.route)
    .where('key', '=', where.key)
    .execute()
}

/**
 * Stores a refusal as the key's answer once its transaction has rolled back, so a retry gets
 * the same refusal (a key that already has an answer keeps it: the refusal was a replay, or a
 * same-key request that came in the instant after the rollback ran the work again and its
 * answer is the one kept).
 */
export async function recordRefusal(db: Db, scope: IdempotencyScope, error: AppError): Promise<void> {
  if (scope.key === undefined || !keyPattern.test(scope.key)) return
  await db.kysely
    .insertInto('idempotency_keys')
    .values({
      ...keyOf({ ...scope, key: scope.key }),
      request_hash: requestHashOf(scope),
      state: 'done',
      status_code: error.statusCode,
      response_json: JSON.stringify({ key: error.key }),
      created_at_ms: Date.now(),
    })
    .onConflict((oc) => oc.columns(['user_id', 'route', 'key']).doNothing())
    .execute()
}

/**
 * Runs money-moving `work` in one transaction at most once per key (ARCHITECTURE.md,
 * Idempotency): the key's row is claimed first in that transaction and its answer written at
 * its end (`claimIdempotencyKey`, `finishIdempotencyKey`). Same key and body: the first answer
 * again (a refusal is replayed too); same key, other body: 'Idempotency key reused' (422);
 * same key while the first runs: the second waits for it and gets its answer. An unexpected
 * failure leaves no key, so a retry runs the work.
 * @throws 'Invalid parameters' (a malformed key) | 'Idempotency key reused' | 'Idempotency key in use' | what `work` throws
 */
export async function runIdempotent<T>(db: Db, scope: IdempotencyScope, work: (trx: Trx) => Promise<T>): Promise<T> {
  assertIdempotencyKey(scope)
  try {
    return await db.kysely.transaction().execute(async (trx) => {
      const replayed = await claimIdempotencyKey(trx, scope)
      if (replayed) return replayed.answer as T
      const result = await work(trx)
      await finishIdempotencyKey(trx, scope, result)
      return result
    })
  } catch (error) {
    if (error instanceof AppError) await recordRefusal(db, scope, error)
    throw error
  }
}

function replay(statusCode: number | null, responseJson: string | null): unknown {
  const response = JSON.parse(responseJson ?? 'null')
  if (statusCode !== 200) throw new AppError(response.key)
  return response
}

/** The `Idempotency-Key` header of a request, if any. */
export function idempotencyKeyOf(headers: Record<string, string | string[] | undefined>): string | undefined {
  const value = headers['idempotency-key']
  return Array.isArray(value) ? value[0] : value
}
