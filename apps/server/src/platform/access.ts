import { chatSocketProtocol as socketProtocol } from '@bazaar/contract/chat-values'
import type { ErrorKey } from '@bazaar/contract/errors'
import { type ApiKeyPermission, apiKeyHeader, permissionForOperation } from '@bazaar/contract/merchant-api-keys-values'
import type { FastifyRequest } from 'fastify'
import { AppError } from './errors.ts'
import { sha256 } from './tokens.ts'

/**
 * Who may call the routes of a group:
 * - `public`: anyone, no session read;
 * - `optional`: anyone; a `token` header, when sent, must be a live session (`request.user`);
 * - `buyer`: a signed-in user (`request.user`), merchants included;
 * - `merchant`: a signed-in user who owns a shop (`request.user`, `request.shop`), or a
 *   merchant API key of the shop (`x-api-key`; `request.apiKey` too) on the routes its
 *   permissions open (merchant-api-keys-values.ts); every other guarded group refuses a
 *   request that carries a key (401), and public groups read no credential at all;
 * - `operator`: a signed-in operator (`request.operator`, `admin-token` header);
 * - `either`: an operator when `admin-token` is sent, else a signed-in user;
 * - `local`: this machine (loopback, not forwarded by a proxy) or a signed-in operator
 *   (`admin-token`): operations endpoints such as `/metrics`.
 */
export type Access = 'public' | 'optional' | 'buyer' | 'merchant' | 'operator' | 'either' | 'local'

/** The person behind a request's `token` header. */
export interface SessionUser {
  id: number
  email: string
  role: 'buyer' | 'merchant'
  tokenHash: string
}

/** An operator behind a request's `admin-token` header. */
export interface SessionOperator {
  id: number
  email: string
  tokenHash: string
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the route group's guard: the signed-in user, if the group reads sessions. */
    user: SessionUser | undefined
    /** Set by the merchant guard: the shop the signed-in user owns. */
    shop: { id: number } | undefined
    /** Set by the operator (and either) guard. */
    operator: SessionOperator | undefined
    /** Set by the merchant guard when a merchant API key called; `useId`: the audit row of a write call. */
    apiKey: { keyId: number; shopId: number; useId?: number } | undefined
  }
}

/** What a live merchant API key acts as: its shop and permissions, for the shop's owner (integrations module). */
export interface ApiKeyCaller {
  keyId: number
  shopId: number
  permissions: ApiKeyPermission[]
  user: Omit<SessionUser, 'tokenHash'>
}

/** How the merchant guard reads keys: the integrations module's keys service and a limiter shared across nodes. */
export interface ApiKeyResolver {
  /** The live key of a SHA-256 hash, or undefined. */
  caller(keyHash: string): Promise<ApiKeyCaller | undefined>
  /** Counts one call of a key; false when it is over its limit this minute (on every node together). */
  hit(keyId: number): Promise<boolean>
  /** The audit row of a write call, before it runs; its id. */
  recordUse(use: { keyId: number; shopId: number; operationId: string; method: string; path: string }): Promise<number>
  /** The reply's status on that row. */
  finishUse(useId: number, statusCode: number): Promise<void>
}

/** How the guards find sessions and shops: functions of the auth, admin and catalog services. */
export interface SessionResolvers {
  /** The live session's user for a token hash, or undefined (expired, revoked, account not active). */
  user(tokenHash: string): Promise<SessionUser | undefined>
  /** The live operator session for a token hash, or undefined. */
  operator(tokenHash: string): Promise<SessionOperator | undefined>
  /** The id of the shop a user owns, or undefined. */
  shopOf(userId: number): Promise<number | undefined>
  /** Merchant API keys; without it every key is refused. */
  apiKeys?: ApiKeyResolver
}

/** Keys every guarded group may answer with, beyond its routes' own (documented per route). */
export const accessErrors: Record<Access, ErrorKey[]> = {
  public: [],
  optional: ['Please log in'],
  buyer: ['Please log in'],
  merchant: ['Please log in', 'Not allowed', 'Too many requests'],
  operator: ['Please log in'],
  either: ['Please log in'],
  local: ['Please log in', 'Not allowed'],
}

const loopbackAddresses = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1'])

/**
 * Whether a request comes from this machine itself: its socket's peer is a loopback address
 * and no proxy forwarded it. A reverse proxy on the same machine (nginx) connects from
 * loopback too, so a request bearing a forwarding header is never local, whatever TRUST_PROXY says.
 */
export function isLocalRequest(request: FastifyRequest): boolean {
  const forwarded = ['x-forwarded-for', 'forwarded', 'x-real-ip'].some((h) => request.headers[h] !== undefined)
  return !forwarded && loopbackAddresses.has(request.socket.remoteAddress ?? '')
}

/** The token of a header (`token` for users, `admin-token` for operators), or undefined. */
function headerToken(request: FastifyRequest, name: 'token' | 'admin-token'): string | undefined {
  const header = request.headers[name]
  const token = (Array.isArray(header) ? header[0] : header) ?? socketToken(request, name)
  return token === undefined || token === '' ? undefined : token
}

/**
 * A browser cannot set headers on a websocket: it offers `[<app protocol>, <token>]` as
 * subprotocols instead (chat-values `chatSocketProtocol`), and only on an upgrade request.
 */
function socketToken(request: FastifyRequest, name: 'token' | 'admin-token'): string | undefined {
  const offered = request.headers['sec-websocket-protocol']
  if (name !== 'token' || typeof offered !== 'string' || request.headers.upgrade?.toLowerCase() !== 'websocket') return undefined
  const [protocol, token] = offered.split(',').map((p) => p.trim())
  return protocol === socketProtocol ? token : undefined
}

/**
 * The SHA-256 of a token header; only hashes are stored.
 * @throws 'Please log in' when it is missing or longer than any token we issue
 */
function tokenHashOf(request: FastifyRequest, name: 'token' | 'admin-token'): string {
  const token = headerToken(request, name)
  if (!token || token.length > 200) throw new AppError('Please log in')
  return sha256(token)
}

/** The merchant API key a request carries (`x-api-key`), or undefined. */
function apiKeyOf(request: FastifyRequest): string | undefined {
  const header = request.headers[apiKeyHeader]
  const key = Array.isArray(header) ? header[0] : header
  return key === undefined || key === '' ? undefined : key
}

/**
 * Admits a merchant API key on a merchant route: the key is live and its owner active, the
 * route is one its permissions open, and it is within its calls a minute; a write call is
 * audit-logged before it runs. The key then acts as its shop's owner (`request.user`).
 * @throws 'Please log in' (401: unknown, revoked, or a route no key may call) | 'Not allowed' (403: a permission the key lacks) | 'Too many requests' (429)
 */
async function admitApiKey(resolvers: SessionResolvers, request: FastifyRequest, key: string): Promise<void> {
  const keys = resolvers.apiKeys
  if (!keys || key.length > 200) throw new AppError('Please log in')
  const permission = permissionForOperation(request.routeOptions.schema?.operationId ?? '')
  if (!permission) throw new AppError('Please log in')
  const caller = await keys.caller(sha256(key))
  if (!caller) throw new AppError('Please log in')
  if (!caller.permissions.includes(permission)) throw new AppError('Not allowed')
  if (!(await keys.hit(caller.keyId))) throw new AppError('Too many requests')
  request.user = { ...caller.user, tokenHash: '' }
  request.shop = { id: caller.shopId }
  request.apiKey = { keyId: caller.keyId, shopId: caller.shopId }
  if (request.method !== 'GET' && request.method !== 'HEAD') {
    const use = { keyId: caller.keyId, shopId: caller.shopId, method: request.method, path: request.url.split('?')[0] ?? '' }
    request.apiKey.useId = await keys.recordUse({ ...use, operationId: request.routeOptions.schema?.operationId ?? '' })
  }
}

/** Every guarded group but the merchant one refuses a request that carries a merchant API key. */
function refuseApiKey(request: FastifyRequest): void {
  if (apiKeyOf(request) !== undefined) throw new AppError('Please log in')
}

async function requireUser(resolvers: SessionResolvers, request: FastifyRequest): Promise<SessionUser> {
  const user = await resolvers.user(tokenHashOf(request, 'token'))
  if (!user) throw new AppError('Please log in')
  return user
}

async function requireOperator(resolvers: SessionResolvers, request: FastifyRequest): Promise<SessionOperator> {
  const operator = await resolvers.operator(tokenHashOf(request, 'admin-token'))
  if (!operator) throw new AppError('Please log in')
  return operator
}

/**
 * The `onRequest` hook that guards one route group: it reads the session the group needs
 * and sets `request.user`, `request.shop` or `request.operator`, or refuses.
 * @throws 'Please log in' (401; also a merchant API key anywhere but the routes its permissions open) | 'Not allowed'
 *   (403: merchant routes for a user without a shop, or a key without the route's permission; `local` routes asked
 *   from elsewhere than loopback without an operator token) | 'Too many requests' (a key over its calls a minute)
 */
export function guardFor(access: Access, resolvers: SessionResolvers): ((request: FastifyRequest) => Promise<void>) | undefined {
  switch (access) {
    case 'public':
      return undefined
    case 'optional':
      return async (request) => {
        refuseApiKey(request)
        if (headerToken(request, 'token') !== undefined) request.user = await requireUser(resolvers, request)
      }
    case 'buyer':
      return async (request) => {
        refuseApiKey(request)
        request.user = await requireUser(resolvers, request)
      }
    case 'merchant':
      return async (request) => {
        const key = apiKeyOf(request)
        if (key !== undefined) return admitApiKey(resolvers, request, key)
        const user = await requireUser(resolvers, request)
        const shopId = await resolvers.shopOf(user.id)
        if (shopId === undefined) throw new AppError('Not allowed')
        request.user = user
        request.shop = { id: shopId }
      }
    case 'operator':
      return async (request) => {
        refuseApiKey(request)
        request.operator = await requireOperator(resolvers, request)
      }
    case 'either':
      return async (request) => {
        refuseApiKey(request)
        if (headerToken(request, 'admin-token') !== undefined) request.operator = await requireOperator(resolvers, request)
        else request.user = await requireUser(resolvers, request)
      }
    case 'local':
      return async (request) => {
        refuseApiKey(request)
        if (headerToken(request, 'admin-token') !== undefined) request.operator = await requireOperator(resolvers, request)
        else if (!isLocalRequest(request)) throw new AppError('Not allowed')
      }
  }
}

/**
 * The signed-in user of a request in a `buyer`, `merchant` or `optional` group. The guard
 * has authenticated it already; this narrows the type.
 * @throws 'Please log in' when the route's group sets no user (a wiring mistake, or `optional` without a token)
 */
export function userOf(request: FastifyRequest): SessionUser {
  if (!request.user) throw new AppError('Please log in')
  return request.user
}

/**
 * The merchant's shop id of a request in a `merchant` group.
 * @throws 'Not allowed' when the route's group is not the merchant group
 */
export function shopOf(request: FastifyRequest): number {
  if (!request.shop) throw new AppError('Not allowed')
  return request.shop.id
}

/**
 * The operator of a request in an `operator` group.
 * @throws 'Please log in' when the route's group is not the operator group
 */
export function operatorOf(request: FastifyRequest): SessionOperator {
  if (!request.operator) throw new AppError('Please log in')
  return request.operator
}
