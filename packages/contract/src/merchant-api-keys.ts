import { z } from 'zod'
import { type ApiKeyPermission, apiKeyLimits, apiKeyPermissionNames } from './merchant-api-keys-values.ts'
import { singleLine } from './text.ts'

/** A permission of a key (merchant-api-keys-values.ts `apiKeyPermissions`). */
export const ApiKeyPermissionName = z
  .enum(apiKeyPermissionNames as [ApiKeyPermission, ...ApiKeyPermission[]])
  .describe('A named permission of a merchant API key')

/** POST /api/shop/api-keys: a name the merchant recognises and at least one permission. */
export const CreateApiKeyBody = z.strictObject({
  name: singleLine().trim().min(1, 'Invalid parameters').max(apiKeyLimits.nameMaxLength, 'Invalid parameters'),
  permissions: z.array(ApiKeyPermissionName).min(1).max(apiKeyPermissionNames.length),
})

/** A key as its page lists it: never the key itself, only its first characters. */
export const ApiKey = z.object({
  id: z.number().int(),
  name: z.string(),
  /** The key's first characters (`bzk_` and four more), to tell keys apart. */
  prefix: z.string(),
  permissions: z.array(ApiKeyPermissionName),
  createdAtMs: z.number().int(),
  lastUsedAtMs: z.number().int().nullable().describe('The last call made with it (to the minute), or null'),
  revokedAtMs: z.number().int().nullable(),
})

/** The answer to a key's creation: the only time the key itself is shown. */
export const CreatedApiKey = ApiKey.extend({ key: z.string().describe('The key, shown this once: it is stored hashed') })

/** One write call made with a key (the audit log of its uses). */
export const ApiKeyUse = z.object({
  id: z.number().int(),
  operationId: z.string(),
  method: z.string(),
  path: z.string(),
  statusCode: z.number().int().nullable(),
  atMs: z.number().int(),
})

export type ApiKey = z.infer<typeof ApiKey>
export type CreatedApiKey = z.infer<typeof CreatedApiKey>
export type ApiKeyUse = z.infer<typeof ApiKeyUse>
