import type { HTTPMethods } from 'fastify'
import type { RequestOptions } from '../test/app-harness.ts'
import { type Answer, readReply } from '../test/replies.ts'
import type { Requester } from './load-model.ts'

/**
 * Sends the load to a server process over HTTP (crash and multi-node proofs). The client
 * address goes in X-Forwarded-For (the node runs with TRUST_PROXY, as behind nginx), so per-IP
 * limits see as many clients as the in-process load does. A request with no answer (the
 * process was killed) throws.
 * @param baseUrl the node's URL, or a function giving the URL to use for this request
 */
export function httpRequester(baseUrl: string | (() => string), timeoutMs = 30_000): Requester {
  return async (method: HTTPMethods, url: string, body?: object, options: RequestOptions = {}): Promise<Answer> => {
    const headers: Record<string, string> = { ...options.headers }
    if (options.token) headers.token = options.token
    if (options.ip) headers['x-forwarded-for'] = options.ip
    if (body !== undefined) headers['content-type'] = 'application/json'
    const base = typeof baseUrl === 'string' ? baseUrl : baseUrl()
    const res = await fetch(`${base}${url}`, {
      method: method as string,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(timeoutMs),
    })
    return readReply({ statusCode: res.status, body: await res.text() })
  }
}
