import { randomBytes } from 'node:crypto'
import type { ApiKey, ApiKeyUse, CreatedApiKey } from '@bazaar/contract/merchant-api-keys'
import { type ApiKeyPermission, apiKeyLimits, apiKeyPrefix } from '@bazaar/contract/merchant-api-keys-values'
import type { Db } from '../../db/database.ts'
import type { ApiKeyCaller } from '../../platform/access.ts'
import { AppError } from '../../platform/errors.ts'
import { sha256 } from '../../platform/tokens.ts'
import { activeUser } from '../auth/service.ts'
import { shopNames } from '../catalog/service.ts'
import * as repo from './keys-repo.ts'

type KeyRow = Awaited<ReturnType<typeof repo.shopKeys>>[number]

function toApiKey(row: KeyRow): ApiKey {
  return {
    id: row.id,
    name: row.name,
    prefix: row.key_prefix,
    permissions: JSON.parse(row.permissions_json) as ApiKeyPermission[],
    createdAtMs: Number(row.created_at_ms),
    lastUsedAtMs: row.last_used_at_ms === null ? null : Number(row.last_used_at_ms),
    revokedAtMs: row.revoked_at_ms === null ? null : Number(row.revoked_at_ms),
  }
}

/**
 * Creates a named key for the merchant's shop with the permissions asked (issue 24): 32
 * random bytes after `bzk_`, returned this once; only its SHA-256 is stored (the key has
 * 256 bits of entropy, so a slow hash would add nothing but latency to every call).
 * @throws 'Too many API keys' (20 live keys per shop)
 */
export async function createApiKey(
  db: Db,
  merchant: { shopId: number; userId: number },
  body: { name: string; permissions: ApiKeyPermission[] },
): Promise<CreatedApiKey> {
  const key = `${apiKeyPrefix}${randomBytes(32).toString('base64url')}`
  const row = await db.kysely.transaction().execute(async (trx) => {
    if ((await repo.countLiveKeys(trx, merchant.shopId)) >= apiKeyLimits.keysPerShop) throw new AppError('Too many API keys')
    return repo.insertKey(trx, {
      shop_id: merchant.shopId,
      name: body.name,
      key_hash: sha256(key),
      key_prefix: key.slice(0, apiKeyPrefix.length + 4),
      permissions_json: JSON.stringify([...new Set(body.permissions)].sort()),
      created_by_user_id: merchant.userId,
      created_at_ms: Date.now(),
    })
  })
  return { ...toApiKey(row), key }
}

/** The shop's keys, newest first, revoked ones included (at most 100). */
export async function listApiKeys(db: Db, shopId: number): Promise<ApiKey[]> {
  return (await repo.shopKeys(db.kysely, shopId, 100)).map(toApiKey)
}

/**
 * Revokes a key of the merchant's shop: refused from the next call on, on every node.
 * @throws 'API key not found' (not the shop's, or already revoked)
 */
export async function revokeApiKey(db: Db, shopId: number, keyId: number): Promise<ApiKey> {
  if (!(await repo.revokeKey(db.kysely, shopId, keyId, Date.now()))) throw new AppError('API key not found')
  return toApiKey((await repo.findKey(db.kysely, shopId, keyId))!)
}

/**
 * The audit log of a key of the merchant's shop: its last 100 write calls.
 * @throws 'API key not found'
 */
export async function apiKeyUses(db: Db, shopId: number, keyId: number): Promise<ApiKeyUse[]> {
  if (!(await repo.findKey(db.kysely, shopId, keyId))) throw new AppError('API key not found')
  return (await repo.keyUses(db.kysely, shopId, keyId, 100)).map((u) => ({
    id: u.id,
    operationId: u.operation_id,
    method: u.method,
    path: u.path,
    statusCode: u.status_code,
    atMs: Number(u.at_ms),
  }))
}

/**
 * Who a key acts for: its shop, its permissions and the shop's owner, while the key is live
 * and the owner's account active; records the use (to the minute). Undefined otherwise.
 * @param keyHash SHA-256 of the header's key
 */
export async function apiKeyCaller(db: Db, keyHash: string): Promise<ApiKeyCaller | undefined> {
  const key = await repo.liveKeyByHash(db.kysely, keyHash)
  if (!key) return undefined
  const owner = (await shopNames(db.kysely, [key.shop_id])).get(key.shop_id)
  const user = owner && (await activeUser(db.kysely, owner.ownerUserId))
  if (!user) return undefined
  const nowMs = Date.now()
  if (key.last_used_at_ms === null || Number(key.last_used_at_ms) < nowMs - 60_000) await repo.touchKey(db.kysely, key.id, nowMs)
  return { keyId: key.id, shopId: key.shop_id, permissions: JSON.parse(key.permissions_json) as ApiKeyPermission[], user }
}

/** Writes the audit row of a key's write call before it runs; `finishApiKeyUse` adds the reply's status. */
export function recordApiKeyUse(db: Db, use: { keyId: number; shopId: number; operationId: string; method: string; path: string }) {
  return repo.insertUse(db.kysely, {
    key_id: use.keyId,
    shop_id: use.shopId,
    operation_id: use.operationId,
    method: use.method,
    path: use.path,
    at_ms: Date.now(),
  })
}

/** The reply's status on the audit row of a key's write call. */
export async function finishApiKeyUse(db: Db, useId: number, statusCode: number): Promise<void> {
  await repo.finishUse(db.kysely, useId, statusCode)
}
