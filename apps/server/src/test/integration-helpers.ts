import { CreatedApiKey } from '@bazaar/contract/merchant-api-keys'
import type { ApiKeyPermission } from '@bazaar/contract/merchant-api-keys-values'
import type { TestApp } from './app-harness.ts'

/** Creates a merchant API key through its route as the merchant; returns it with the key shown once. */
export async function apiKeyOf(t: TestApp, merchantToken: string, permissions: ApiKeyPermission[], name = 'ERP') {
  return (await t.post('/api/shop/api-keys', { name, permissions }, { token: merchantToken, schema: CreatedApiKey })).body.data
}

/** The headers a merchant's tool sends its key in. */
export const keyHeaders = (key: string) => ({ 'x-api-key': key })
