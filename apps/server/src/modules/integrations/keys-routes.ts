import { IdParam } from '@bazaar/contract/catalog'
import { okReply } from '@bazaar/contract/envelope'
import { ApiKey, ApiKeyUse, CreateApiKeyBody, CreatedApiKey } from '@bazaar/contract/merchant-api-keys'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { shopOf, userOf } from '../../platform/access.ts'
import { ok } from '../../platform/replies.ts'
import { apiKeyUses, createApiKey, listApiKeys, revokeApiKey } from './keys-service.ts'

const tags = ['merchant integrations']

/**
 * The merchant's API keys (merchant group under /api/shop): created, listed, revoked, and
 * the audit log of each key's write calls. Sessions only: no key manages keys.
 */
export const apiKeyRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app
  app.get(
    '/api-keys',
    {
      schema: {
        tags,
        operationId: 'listApiKeys',
        summary: "The shop's API keys, newest first",
        response: { 200: okReply(z.object({ items: z.array(ApiKey) })) },
      },
    },
    async (request) => ok({ items: await listApiKeys(db, shopOf(request)) }),
  )
  app.post(
    '/api-keys',
    {
      config: { errors: ['Too many API keys'] },
      schema: {
        tags,
        operationId: 'createApiKey',
        summary: 'Create a named key with permissions; the key is in this reply only',
        body: CreateApiKeyBody,
        response: { 200: okReply(CreatedApiKey) },
      },
    },
    async (request) => ok(await createApiKey(db, { shopId: shopOf(request), userId: userOf(request).id }, request.body)),
  )
  app.delete(
    '/api-keys/:id',
    {
      config: { errors: ['API key not found'] },
      schema: { tags, operationId: 'revokeApiKey', summary: 'Revoke a key', params: IdParam, response: { 200: okReply(ApiKey) } },
    },
    async (request) => ok(await revokeApiKey(db, shopOf(request), request.params.id)),
  )
  app.get(
    '/api-keys/:id/uses',
    {
      config: { errors: ['API key not found'] },
      schema: {
        tags,
        operationId: 'listApiKeyUses',
        summary: "The key's last 100 write calls (the audit log)",
        params: IdParam,
        response: { 200: okReply(z.object({ items: z.array(ApiKeyUse) })) },
      },
    },
    async (request) => ok({ items: await apiKeyUses(db, shopOf(request), request.params.id) }),
  )
}
