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

/** A key still 'running' after this long belongs to a request that died; it may be taken over. */
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
 * Runs money-moving `work` in one transaction at most once per key, like Stripe: the key
 * row is claimed first, then written 'done' with the answer in the same transaction as the
 * money movement. Same key and body: the first answer again (a refusal is replayed too).
 * Same key, other body: 'Idempotency key reused' (422). Same key while the first is still
 * running: 'Idempotency key in use' (409). An unexpected failure frees the key for a retry.
 */
export async function runIdempotent<T>(db: Db, scope: IdempotencyScope, work: (trx: Trx) => Promise<T>): Promise<T> {
  if (scope.key === undefined) return db.kysely.transaction().execute(work)
  if (!keyPattern.test(scope.key)) throw new AppError('Invalid parameters')
  const requestHash = createHash('sha256')
    .update(JSON.stringify(scope.body ?? null))
    .digest('hex')
  const where = { user_id: scope.userId, route: scope.route, key: scope.key }
  const keyRow = db.kysely
    .selectFrom('idempotency_keys')
    .selectAll()
    .where('user_id', '=', where.user_id)
    .where('route', '=', where.route)
    .where('key', '=', where.key)

  const claimed = await db.kysely
    .insertInto('idempotency_keys')
    .values({ ...where, request_hash: requestHash, state: 'running', status_code: null, response_json: null, created_at_ms: Date.now() })
    .onConflict((oc) => oc.columns(['user_id', 'route', 'key']).doNothing())
    .executeTakeFirst()
  if (Number(claimed.numInsertedOrUpdatedRows ?? 0) !== 1) {
    const existing = await keyRow.executeTakeFirstOrThrow()
    if (existing.request_hash !== requestHash) throw new AppError('Idempotency key reused')
    if (existing.state === 'done') return replay<T>(existing.status_code, existing.response_json)
    const takeover = await db.kysely
      .updateTable('idempotency_keys')
      .set({ created_at_ms: Date.now() })
      .where('user_id', '=', where.user_id)
      .where('route', '=', where.route)
      .where('key', '=', where.key)
      .where('state', '=', 'running')
      .where('created_at_ms', '=', existing.created_at_ms)
      .where('created_at_ms', '<', Date.now() - staleRunningMs)
      .executeTakeFirst()
    if (Number(takeover.numUpdatedRows) !== 1) throw new AppError('Idempotency key in use')
  }

  const finish = (trx: Trx, statusCode: number, response: unknown) =>
    trx
      .updateTable('idempotency_keys')
      .set({ state: 'done', status_code: statusCode, response_json: JSON.stringify(response) })
      .where('user_id', '=', where.user_id)
      .where('route', '=', where.route)
      .where('key', '=', where.key)
      .execute()
  try {
    return await db.kysely.transaction().execute(async (trx) => {
      const result = await work(trx)
      await finish(trx, 200, result)
      return result
    })
  } catch (error) {
    if (error instanceof AppError) await finish(db.kysely, error.statusCode, { key: error.key })
    else
      await db.kysely
        .deleteFrom('idempotency_keys')
        .where('user_id', '=', where.user_id)
        .where('route', '=', where.route)
        .where('key', '=', where.key)
        .execute()
    throw error
  }
}

function replay<T>(statusCode: number | null, responseJson: string | null): T {
  const response = JSON.parse(responseJson ?? 'null')
  if (statusCode !== 200) throw new AppError(response.key)
  return response as T
}

/** The `Idempotency-Key` header of a request, if any. */
export function idempotencyKeyOf(headers: Record<string, string | string[] | undefined>): string | undefined {
  const value = headers['idempotency-key']
  return Array.isArray(value) ? value[0] : value
}
