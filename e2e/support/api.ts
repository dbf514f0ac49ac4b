import { errorReply } from '@bazaar/contract/envelope'
import { prettifyError, type z } from 'zod'
import { e2eBaseUrl } from './env'

/** Headers of a call: a buyer's `token`, an operator's `admin-token`, an `idempotency-key`. */
export type ApiHeaders = Record<string, string>

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE'

/**
 * One API call as the apps make it, straight to the e2e server (no browser needed, so it
 * works in `beforeAll` too). The reply's `data` is checked against `reply`, a contract schema.
 * @param body JSON, or FormData for uploads
 * @throws Error `METHOD url → status key` on any reply code but 1, or on a reply of another shape
 */
async function call<S extends z.ZodType>(
  method: Method,
  url: string,
  reply: S,
  body?: unknown,
  headers: ApiHeaders = {},
): Promise<z.output<S>> {
  const isForm = body instanceof FormData
  const res = await fetch(new URL(url, e2eBaseUrl), {
    method,
    headers: { ...(body !== undefined && !isForm ? { 'content-type': 'application/json' } : {}), ...headers },
    body: isForm ? body : body === undefined ? undefined : JSON.stringify(body),
  })
  // The contract's failure envelope is its loosest (`data` unknown), so it reads any reply.
  const envelope = errorReply.safeParse(await res.json())
  if (!envelope.success) throw new Error(`${method} ${url} → ${res.status} without the {code, msg, data} envelope`)
  const { code, msg, data } = envelope.data
  if (code !== 1) throw new Error(`${method} ${url} → ${res.status} ${msg}`)
  const parsed = reply.safeParse(data)
  if (!parsed.success) throw new Error(`${method} ${url} → a reply of another shape: ${prettifyError(parsed.error)}`)
  return parsed.data
}

/** The API, one method per verb; `reply` is the contract schema of the reply's `data`. */
export const api = {
  get: <S extends z.ZodType>(url: string, reply: S, headers?: ApiHeaders) => call('GET', url, reply, undefined, headers),
  post: <S extends z.ZodType>(url: string, body: unknown, reply: S, headers?: ApiHeaders) => call('POST', url, reply, body, headers),
  put: <S extends z.ZodType>(url: string, body: unknown, reply: S, headers?: ApiHeaders) => call('PUT', url, reply, body, headers),
  delete: <S extends z.ZodType>(url: string, reply: S, headers?: ApiHeaders) => call('DELETE', url, reply, undefined, headers),
}
