import type { Insertable } from 'kysely'
import type { Trx } from '../../db/database.ts'
import type { MerchantApiKeysTable } from './tables.ts'

/** Queries of the merchant API keys and their audit log (integrations module). */

const keyColumns = ['id', 'shop_id', 'name', 'key_prefix', 'permissions_json', 'created_at_ms', 'last_used_at_ms', 'revoked_at_ms'] as const

export function insertKey(trx: Trx, row: Insertable<MerchantApiKeysTable>) {
  return trx.insertInto('merchant_api_keys').values(row).returning(keyColumns).executeTakeFirstOrThrow()
}

/** A shop's keys, newest first (at most `limit`; revoked ones included). */
export function shopKeys(trx: Trx, shopId: number, limit: number) {
  return trx.selectFrom('merchant_api_keys').select(keyColumns).where('shop_id', '=', shopId).orderBy('id', 'desc').limit(limit).execute()
}

export async function countLiveKeys(trx: Trx, shopId: number): Promise<number> {
  const row = await trx
    .selectFrom('merchant_api_keys')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('shop_id', '=', shopId)
    .where('revoked_at_ms', 'is', null)
    .executeTakeFirstOrThrow()
  return Number(row.n)
}

/** Revokes a live key of the shop; the row count says whether there was one. */
export async function revokeKey(trx: Trx, shopId: number, keyId: number, nowMs: number): Promise<boolean> {
  const result = await trx
    .updateTable('merchant_api_keys')
    .set({ revoked_at_ms: nowMs })
    .where('id', '=', keyId)
    .where('shop_id', '=', shopId)
    .where('revoked_at_ms', 'is', null)
    .executeTakeFirst()
  return Number(result.numUpdatedRows) === 1
}

export function findKey(trx: Trx, shopId: number, keyId: number) {
  return trx.selectFrom('merchant_api_keys').select(keyColumns).where('id', '=', keyId).where('shop_id', '=', shopId).executeTakeFirst()
}

/** The live key of a hash. */
export function liveKeyByHash(trx: Trx, keyHash: string) {
  return trx
    .selectFrom('merchant_api_keys')
    .select(['id', 'shop_id', 'permissions_json', 'last_used_at_ms'])
    .where('key_hash', '=', keyHash)
    .where('revoked_at_ms', 'is', null)
    .executeTakeFirst()
}

/** Records a use, at most once a minute per key (the page shows the minute): a conditional update. */
export function touchKey(trx: Trx, keyId: number, nowMs: number) {
  return trx
    .updateTable('merchant_api_keys')
    .set({ last_used_at_ms: nowMs })
    .where('id', '=', keyId)
    .where((eb) => eb.or([eb('last_used_at_ms', 'is', null), eb('last_used_at_ms', '<', nowMs - 60_000)]))
    .execute()
}

export async function insertUse(
  trx: Trx,
  row: { key_id: number; shop_id: number; operation_id: string; method: string; path: string; at_ms: number },
): Promise<number> {
  const inserted = await trx
    .insertInto('merchant_api_key_uses')
    .values({ ...row, status_code: null })
    .returning('id')
    .executeTakeFirstOrThrow()
  return inserted.id
}

export function finishUse(trx: Trx, useId: number, statusCode: number) {
  return trx.updateTable('merchant_api_key_uses').set({ status_code: statusCode }).where('id', '=', useId).execute()
}

/** A key's write calls, newest first. */
export function keyUses(trx: Trx, shopId: number, keyId: number, limit: number) {
  return trx
    .selectFrom('merchant_api_key_uses')
    .select(['id', 'operation_id', 'method', 'path', 'status_code', 'at_ms'])
    .where('key_id', '=', keyId)
    .where('shop_id', '=', shopId)
    .orderBy('id', 'desc')
    .limit(limit)
    .execute()
}
