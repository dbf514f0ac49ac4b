import { sessionEndedCloseCode, socketIdleMs } from '@bazaar/contract/chat-values'
import type { FastifyBaseLogger } from 'fastify'
import type { Db } from '../../db/database.ts'
import type { HitLimiter } from '../../platform/hit-limiter.ts'
import type { PubSub } from '../../platform/pubsub.ts'
import type { Storage } from '../../platform/storage.ts'
import { sessionUser } from '../auth/service.ts'
import type { ChatDeps } from './deps.ts'
import { Hub } from './hub.ts'
import { ProfileCache } from './mappers.ts'

/** How often this node checks its sockets: sessions still live, clients still speaking. */
const sweepEveryMs = 15_000
/** Sessions are checked again at most this often per socket. */
const sessionCheckMs = 60_000

/** The live side of chat on one node: the hub, the deps of the chat services, and its start and stop. */
export interface Realtime {
  deps: ChatDeps
  start(): Promise<void>
  stop(): Promise<void>
  /** Closes idle sockets and those whose session ended; `everySession` checks all sessions now (tests, operators' tools). */
  sweep(everySession?: boolean): Promise<void>
}

declare module 'fastify' {
  interface FastifyInstance {
    /** This node's chat sockets and pushes (modules/chat/realtime.ts). */
    chatRealtime: Realtime
  }
}

/**
 * Wires the pushes of one node (SPEC §4): chat messages are published by the chat service
 * after their commit; order messages, announcements and deposits seen on chain are announced
 * by their modules after their commit (db/commit-events.ts) and published here. Every 15 s the node closes sockets
 * whose session ended (expired, revoked, account locked) and sockets silent for 70 s.
 */
export function createRealtime(options: {
  db: Db
  pubsub: PubSub
  limiter: HitLimiter
  storage: Storage
  limitFactor: number
  log: FastifyBaseLogger
  /** Hears each socket sweep pass and failure (the metrics' `sweep="chat_sockets"`). */
  sweepObserver?: { ran(durationMs: number): void; failed(step: string): void }
}): Realtime {
  const hub = new Hub(options.pubsub)
  const deps: ChatDeps = {
    db: options.db,
    hub,
    limiter: options.limiter,
    storage: options.storage,
    limitFactor: options.limitFactor,
    profiles: new ProfileCache(),
  }
  const checkedAtMs = new WeakMap<object, number>()
  const stops: (() => void)[] = []
  let timer: NodeJS.Timeout | undefined

  const report = (what: string) => (error: unknown) => options.log.error({ err: error }, what)
  const sweep = async (everySession = false) => {
    const nowMs = Date.now()
    for (const client of hub.clients()) {
      if (nowMs - client.lastSeenMs > socketIdleMs) {
        client.socket.close(1001, 'idle')
        continue
      }
      // A socket's session was checked when it connected; again once a minute after that.
      const lastMs = checkedAtMs.get(client)
      if (lastMs === undefined) checkedAtMs.set(client, nowMs)
      if (!everySession && (lastMs === undefined || nowMs - lastMs < sessionCheckMs)) continue
      checkedAtMs.set(client, nowMs)
      if (!(await sessionUser(options.db, client.tokenHash))) client.socket.close(sessionEndedCloseCode, 'session ended')
    }
  }

  return {
    deps,
    sweep,
    async start() {
      options.db.events.onError = report('commit event listener failed')
      stops.push(
        options.db.events.on('order.message', ({ userId, item }) => {
          hub.toUsers([userId], { kind: 'order', data: item }).catch(report('order push failed'))
        }),
        options.db.events.on('notice.published', (item) => {
          hub.toEveryone({ kind: 'notice', data: item }).catch(report('notice push failed'))
        }),
        options.db.events.on('chain.deposit', ({ userId, item }) => {
          hub.toUsers([userId], { kind: 'deposit', data: item }).catch(report('deposit push failed'))
        }),
      )
      await hub.start()
      timer = setInterval(() => {
        const startedMs = Date.now()
        void sweep()
          .catch((error: unknown) => {
            options.sweepObserver?.failed('pass')
            report('socket sweep failed')(error)
          })
          .finally(() => options.sweepObserver?.ran(Date.now() - startedMs))
      }, sweepEveryMs)
      timer.unref()
    },
    async stop() {
      clearInterval(timer)
      for (const stop of stops) stop()
      await hub.stop()
      await options.pubsub.close()
    },
  }
}
