import { chatSocketProtocol as socketProtocol } from '@bazaar/contract/chat-values'
import type { ErrorKey } from '@bazaar/contract/errors'
import type { FastifyRequest } from 'fastify'
import { AppError } from './errors.ts'
import { sha256 } from './tokens.ts'

/**
 * Who may call the routes of a group:
 * - `public`: anyone, no session read;
 * - `optional`: anyone; a `token` header, when sent, must be a live session (`request.user`);
 * - `buyer`: a signed-in user (`request.user`), merchants included;
 * - `merchant`: a signed-in user who owns a shop (`request.user`, `request.shop`);
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
  }
}

/** How the guards find sessions and shops: functions of the auth, admin and catalog services. */
export interface SessionResolvers {
  /** The live session's user for a token hash, or undefined (expired, revoked, account not active). */
  user(tokenHash: string): Promise<SessionUser | undefined>
  /** The live operator session for a token hash, or undefined. */
  operator(tokenHash: string): Promise<SessionOperator | undefined>
  /** The id of the shop a user owns, or undefined. */
  shopOf(userId: number): Promise<number | undefined>
}

/** Keys every guarded group may answer with, beyond its routes' own (documented per route). */
export const accessErrors: Record<Access, ErrorKey[]> = {
  public: [],
  optional: ['Please log in'],
  buyer: ['Please log in'],
  merchant: ['Please log in', 'Not allowed'],
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
 * @throws 'Please log in' (401) | 'Not allowed' (403: merchant routes for a user without a shop; `local` routes
 *   asked from elsewhere than loopback without an operator token)
 */
export function guardFor(access: Access, resolvers: SessionResolvers): ((request: FastifyRequest) => Promise<void>) | undefined {
  switch (access) {
    case 'public':
      return undefined
    case 'optional':
      return async (request) => {
        if (headerToken(request, 'token') !== undefined) request.user = await requireUser(resolvers, request)
      }
    case 'buyer':
      return async (request) => {
        request.user = await requireUser(resolvers, request)
      }
    case 'merchant':
      return async (request) => {
        const user = await requireUser(resolvers, request)
        const shopId = await resolvers.shopOf(user.id)
        if (shopId === undefined) throw new AppError('Not allowed')
        request.user = user
        request.shop = { id: shopId }
      }
    case 'operator':
      return async (request) => {
        request.operator = await requireOperator(resolvers, request)
      }
    case 'either':
      return async (request) => {
        if (headerToken(request, 'admin-token') !== undefined) request.operator = await requireOperator(resolvers, request)
        else request.user = await requireUser(resolvers, request)
      }
    case 'local':
      return async (request) => {
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
