import type { SocketCall, SocketPush } from '@bazaar/contract/chat'
import { chatSocketPath, chatSocketProtocol } from '@bazaar/contract/chat-values'
import WebSocket from 'ws'

/** A push of one kind, typed. */
export type PushOf<K extends SocketPush['kind']> = Extract<SocketPush, { kind: K }>

/**
 * A chat socket as a test holds it: everything pushed is kept in order; `next` waits for
 * a push that matches, `call` sends a call and waits for its reply, `none` proves that
 * nothing matching arrived within a while.
 */
export interface TestSocket {
  pushes: SocketPush[]
  next<K extends SocketPush['kind']>(kind: K, match?: (push: PushOf<K>) => boolean, timeoutMs?: number): Promise<PushOf<K>>
  call(call: SocketCall, timeoutMs?: number): Promise<PushOf<'reply'>>
  send(raw: unknown): void
  none<K extends SocketPush['kind']>(kind: K, match?: (push: PushOf<K>) => boolean, waitMs?: number): Promise<void>
  closed: Promise<{ code: number; reason: string }>
  close(): Promise<void>
  raw: WebSocket
}

let refCounter = 0

/**
 * Opens the chat socket of a server (`http://host:port`) with a session token, the way a
 * browser does (token as the second subprotocol). Rejects with the HTTP status when the
 * upgrade is refused.
 */
export function openSocket(baseUrl: string, token: string): Promise<TestSocket> {
  const url = `${baseUrl.replace(/^http/, 'ws')}${chatSocketPath}`
  const ws = new WebSocket(url, [chatSocketProtocol, token])
  const pushes: SocketPush[] = []
  const waiters = new Set<() => void>()
  ws.on('message', (raw) => {
    pushes.push(JSON.parse(raw.toString()) as SocketPush)
    for (const wake of [...waiters]) wake()
  })
  const closed = new Promise<{ code: number; reason: string }>((resolve) =>
    ws.on('close', (code, reason) => resolve({ code, reason: reason.toString() })),
  )

  const next = <K extends SocketPush['kind']>(kind: K, match: (push: PushOf<K>) => boolean = () => true, timeoutMs = 10_000) =>
    new Promise<PushOf<K>>((resolve, reject) => {
      let seen = 0
      const check = () => {
        for (; seen < pushes.length; seen++) {
          const push = pushes[seen] as SocketPush
          if (push.kind === kind && match(push as PushOf<K>)) {
            waiters.delete(check)
            clearTimeout(timer)
            resolve(push as PushOf<K>)
            return
          }
        }
      }
      const timer = setTimeout(() => {
        waiters.delete(check)
        reject(new Error(`no '${kind}' push within ${timeoutMs} ms; got ${JSON.stringify(pushes.map((p) => p.kind))}`))
      }, timeoutMs)
      waiters.add(check)
      check()
    })

  const socket: TestSocket = {
    pushes,
    next,
    async call(call, timeoutMs) {
      const ref = `r${++refCounter}`
      ws.send(JSON.stringify({ ...call, ref }))
      return next('reply', (p) => p.ref === ref, timeoutMs)
    },
    send(raw) {
      ws.send(typeof raw === 'string' ? raw : JSON.stringify(raw))
    },
    async none(kind, match = () => true, waitMs = 500) {
      await new Promise((r) => setTimeout(r, waitMs))
      const found = pushes.find((p) => p.kind === kind && match(p as never))
      if (found) throw new Error(`unexpected '${kind}' push: ${JSON.stringify(found)}`)
    },
    closed,
    async close() {
      if (ws.readyState === WebSocket.CLOSED) return
      ws.close()
      await closed
    },
    raw: ws,
  }
  return new Promise((resolve, reject) => {
    ws.once('open', () => resolve(socket))
    ws.once('unexpected-response', (req, res) => {
      res.resume()
      req.destroy()
      reject(new Error(`Unexpected server response: ${res.statusCode}`))
    })
    ws.once('error', reject)
  })
}
