import type { SocketCall, SocketPush } from '@bazaar/contract/chat'
import {
  chatSocketPath,
  chatSocketProtocol,
  reconnectMaxMs,
  reconnectMinMs,
  sessionEndedCloseCode,
  socketPingMs,
} from '@bazaar/contract/chat-values'

/** Same origin as the API (VITE_API_BASE when the shop is served elsewhere), as ws: or wss:; never under the page's path. */
function socketUrl(): string {
  const base = new URL(import.meta.env.VITE_API_BASE || '/', window.location.href)
  base.protocol = base.protocol === 'https:' ? 'wss:' : 'ws:'
  base.pathname = base.pathname.replace(/\/$/, '') + chatSocketPath
  base.search = ''
  base.hash = ''
  return base.toString()
}

export interface ChatSocketOptions {
  token: string
  /** The last sequence held per conversation, sent with every `init` so the server fills the gap. */
  cursors(): { conversationId: number; seq: number }[]
  onPush(push: SocketPush): void
  /** The server closed the socket because the session ended (4401). */
  onSessionEnded(): void
  /** Several tries in a row never opened: the caller checks the session over HTTP (a refused upgrade looks like a network error). */
  onRefused(): void
}

/**
 * One chat socket with its reconnects (SPEC §4): the token goes as the second subprotocol
 * (browsers cannot set headers on a websocket); on open it sends `init` with its cursors;
 * it pings every 25 s; after a drop it tries again after 1, 2, 4… up to 30 s, with jitter
 * so that a restarted node is not hit by every client at once.
 */
export class ChatSocket {
  #ws: WebSocket | undefined
  #retries = 0
  #failedOpens = 0
  #retryTimer: ReturnType<typeof setTimeout> | undefined
  #pingTimer: ReturnType<typeof setInterval> | undefined
  #wanted = false

  constructor(private readonly options: ChatSocketOptions) {}

  start(): void {
    if (this.#wanted) return
    this.#wanted = true
    this.#connect()
  }

  /** Closes and stays closed until `start` (the app is hidden, or the person logged out). */
  stop(): void {
    this.#wanted = false
    clearTimeout(this.#retryTimer)
    clearInterval(this.#pingTimer)
    const ws = this.#ws
    this.#ws = undefined
    ws?.close(1000, 'hidden')
  }

  send(call: SocketCall): boolean {
    if (this.#ws?.readyState !== WebSocket.OPEN) return false
    this.#ws.send(JSON.stringify(call))
    return true
  }

  #connect(): void {
    let opened = false
    const ws = new WebSocket(socketUrl(), [chatSocketProtocol, this.options.token])
    this.#ws = ws
    ws.onopen = () => {
      opened = true
      this.#retries = 0
      this.#failedOpens = 0
      this.send({ kind: 'init', cursors: this.options.cursors() })
      this.#pingTimer = setInterval(() => this.send({ kind: 'ping' }), socketPingMs)
    }
    ws.onmessage = (event) => {
      try {
        this.options.onPush(JSON.parse(String(event.data)) as SocketPush)
      } catch {
        // Not JSON: not ours to read.
      }
    }
    ws.onclose = (event) => {
      clearInterval(this.#pingTimer)
      if (this.#ws !== ws) return
      this.#ws = undefined
      if (event.code === sessionEndedCloseCode) {
        this.#wanted = false
        this.options.onSessionEnded()
        return
      }
      if (!opened && ++this.#failedOpens % 3 === 0) this.options.onRefused()
      if (!this.#wanted) return
      const delayMs = Math.min(reconnectMaxMs, reconnectMinMs * 2 ** this.#retries++) * (0.5 + Math.random() / 2)
      this.#retryTimer = setTimeout(() => this.#connect(), delayMs)
    }
  }
}
