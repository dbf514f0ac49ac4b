import { type SocketCall as Call, SocketCall, type SocketPush } from '@bazaar/contract/chat'
import { errorStatus } from '@bazaar/contract/errors'
import type { FastifyRequest } from 'fastify'
import type { RawData, WebSocket } from 'ws'
import type { z } from 'zod'
import { userOf } from '../../platform/access.ts'
import { AppError } from '../../platform/errors.ts'
import type { ChatDeps } from './deps.ts'
import type { HubClient } from './hub.ts'
import { recallMessage, sendMessage } from './send-service.ts'
import { catchUp, clearConversation, conversationList, deleteConversation, history, markRead, profileOf } from './service.ts'

/** Calls one socket may make per 10 s (pings and sends included; sends have their own per-user limit too). */
const maxCallsPerWindow = 100
const callWindowMs = 10_000

type ParsedCall = z.output<typeof SocketCall>

/**
 * The chat socket (SPEC §4): authenticated at the upgrade by the buyer group's guard (a bad
 * or expired token never gets a socket). It subscribes its user's channel before reading
 * anything, so a push published after the client's `init` catch-up cannot fall between the
 * two. Calls are the HTTP calls' service functions; each is answered by a `reply` carrying
 * its `ref`, except `init` (answered by `init`) and `ping` (by `pong`).
 */
export function chatSocket(deps: ChatDeps) {
  return async (socket: WebSocket, request: FastifyRequest): Promise<void> => {
    const user = userOf(request)
    const client: HubClient = { id: deps.hub.newClientId(), userId: user.id, tokenHash: user.tokenHash, socket, lastSeenMs: Date.now() }
    const early: RawData[] = []
    let attached = false
    let closed = false
    let windowStartMs = Date.now()
    let calls = 0

    const reply = (ref: string | null, code: number, msg: string, data: unknown) =>
      deps.hub.send(client, { kind: 'reply', ref, code, msg, data } satisfies SocketPush)
    const fail = (ref: string | null, error: unknown) => {
      const key = error instanceof AppError ? error.key : 'unknown error'
      if (!(error instanceof AppError)) request.log.error({ err: error }, 'chat socket call failed')
      const status = errorStatus[key]
      reply(ref, status === 401 || status === 406 ? status : 0, key, null)
    }

    const dispatch = async (call: ParsedCall): Promise<unknown> => {
      switch (call.kind) {
        case 'init': {
          const [me, caught] = await Promise.all([profileOf(deps.db, user.id), catchUp(deps, user, call.cursors)])
          deps.hub.send(client, { kind: 'init', data: { clientId: client.id, me, ...caught } })
          return undefined
        }
        case 'ping':
          deps.hub.send(client, { kind: 'pong', data: { atMs: Date.now() } })
          return undefined
        case 'lists':
          return conversationList(deps, user)
        case 'send':
          return sendMessage(deps, user, call.conversationId, call.message)
        case 'recall':
          return recallMessage(deps, user, call.messageId).then(() => null)
        case 'del':
          return deleteConversation(deps, user, call.conversationId).then(() => null)
        case 'clear':
          return clearConversation(deps, user, call.conversationId).then(() => null)
        case 'read':
          return markRead(deps, user, call.conversationId, call.seq).then(() => null)
        case 'history':
          return history(deps, user, call.conversationId, { afterSeq: call.afterSeq, beforeSeq: call.beforeSeq, limit: call.limit })
      }
    }

    const handle = async (raw: RawData) => {
      const nowMs = Date.now()
      client.lastSeenMs = nowMs
      if (nowMs - windowStartMs > callWindowMs) {
        windowStartMs = nowMs
        calls = 0
      }
      calls += 1
      let call: ParsedCall
      try {
        call = SocketCall.parse(JSON.parse(raw.toString()) as Call)
      } catch {
        reply(refOf(raw), 0, 'Invalid parameters', null)
        return
      }
      if (calls > maxCallsPerWindow * deps.limitFactor && call.kind !== 'ping') {
        reply(call.ref ?? null, 0, 'Too many requests', null)
        return
      }
      try {
        const data = await dispatch(call)
        if (data !== undefined) reply(call.ref ?? null, 1, 'ok', data)
      } catch (error) {
        fail(call.ref ?? null, error)
      }
    }

    // Listen before the first await: a client may speak as soon as the upgrade completes.
    socket.on('message', (raw) => {
      if (attached) void handle(raw)
      else early.push(raw)
    })
    socket.on('close', () => {
      closed = true
      deps.hub.detach(client)
    })
    await deps.hub.attach(client)
    attached = true
    if (closed) deps.hub.detach(client)
    for (const raw of early.splice(0)) void handle(raw)
  }
}

/** The `ref` of a call that failed to parse, when it has a readable one. */
function refOf(raw: RawData): string | null {
  try {
    const ref = (JSON.parse(raw.toString()) as { ref?: unknown }).ref
    return typeof ref === 'string' && ref.length <= 40 ? ref : null
  } catch {
    return null
  }
}
