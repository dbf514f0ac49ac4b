import createClient, { type Client, type ClientOptions } from 'openapi-fetch'
import type { paths } from './schema.d.ts'

export type { components, operations, paths } from './schema.d.ts'

/** A client of Bazaar's public API: every path, parameter, body and reply typed from the OpenAPI document. */
export type BazaarClient = Client<paths>

/**
 * A typed client (openapi-fetch) of Bazaar's public API at `baseUrl`. A merchant's tool
 * passes its API key (sent as `x-api-key`; the merchant routes its permissions open), a
 * person's script a session `token`. Calls answer `{ data, error, response }`: `data` is the
 * success envelope `{code: 1, msg, data}`, `error` the failure `{code, msg: error key, data}`.
 *
 * ```ts
 * const bazaar = bazaarClient({ baseUrl: 'http://localhost:8080', apiKey: process.env.BAZAAR_API_KEY })
 * const { data } = await bazaar.GET('/api/shop/orders', { params: { query: { tab: 'to_ship' } } })
 * ```
 */
export function bazaarClient(options: { baseUrl: string; apiKey?: string; token?: string; fetch?: ClientOptions['fetch'] }): BazaarClient {
  const headers: Record<string, string> = {}
  if (options.apiKey) headers['x-api-key'] = options.apiKey
  if (options.token) headers.token = options.token
  return createClient<paths>({ baseUrl: options.baseUrl, headers, fetch: options.fetch })
}
