import type { HTTPMethods } from 'fastify'
import type { RegisteredRoute } from '../platform/route-groups.ts'
import { freshIp, type TestApp } from '../test/app-harness.ts'
import type { Answer } from '../test/replies.ts'
import type { SampleRequest } from '../test/request-samples.ts'

/** The URL of a route with its path parameters and query filled from a request. */
export function urlOf(route: RegisteredRoute, request: Pick<SampleRequest, 'params' | 'query'>): string {
  const url = route.url.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(request.params[name] ?? '1'))
  const query = new URLSearchParams(request.query).toString()
  return query ? `${url}?${query}` : url
}

/**
 * Sends a request (as data) to a route with the given session headers, from a fresh client
 * address (so per-IP rate limits never decide the outcome); the reply must be an envelope.
 */
export function sendRequest(t: TestApp, route: RegisteredRoute, request: SampleRequest, session: Record<string, string>): Promise<Answer> {
  const body = request.body === undefined ? undefined : JSON.stringify(request.body)
  const headers = { ...session, ...request.headers, ...(body !== undefined ? { 'content-type': 'application/json' } : {}) }
  return t.request(route.method as HTTPMethods, urlOf(route, request), body, { headers, ip: freshIp() })
}
