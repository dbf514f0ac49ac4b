import type { SocketPush } from '@bazaar/contract/chat'
import { chatSocketPath, chatSocketProtocol, socketPingMs } from '@bazaar/contract/chat-values'
import WebSocket from 'ws'

/** One bench client: its socket and what it has heard. */
export interface FleetClient {
  userId: number
  ws: WebSocket
  /** Calls answered with an error (code ≠ 1), by key. */
  failures: Map<string, number>
}

/** A chat push with the moment (performance.now(), this process) it arrived. */
export type Heard = { atMs: number; push: SocketPush }

/**
 * Many chat sockets in this process, opened the way the shop opens them (the token as a
 * subprotocol), in batches so that the server is not hit by a thousand handshakes at once.
 * Every push goes to `onPush`; each socket pings every 25 s like the shop.
 */
export async function openFleet(
  urls: string[],
  users: { userId: number; token: string }[],
  onPush: (client: FleetClient, heard: Heard) => void,
  batch = 100,
): Promise<{ clients: FleetClient[]; close(): Promise<void> }> {
  const clients: FleetClient[] = []
  const timers: NodeJS.Timeout[] = []
  for (let start = 0; start < users.length; start += batch) {
    const opened = await Promise.all(
      users.slice(start, start + batch).map(
        (user, i) =>
          new Promise<FleetClient>((resolve, reject) => {
            const base = urls[(start + i) % urls.length] as string
            const ws = new WebSocket(`${base.replace(/^http/, 'ws')}${chatSocketPath}`, [chatSocketProtocol, user.token])
            const client: FleetClient = { userId: user.userId, ws, failures: new Map() }
            ws.on('message', (raw) => {
              const push = JSON.parse(raw.toString()) as SocketPush
              if (push.kind === 'reply' && push.code !== 1) client.failures.set(push.msg, (client.failures.get(push.msg) ?? 0) + 1)
              onPush(client, { atMs: performance.now(), push })
            })
            ws.once('open', () => {
              ws.send(JSON.stringify({ kind: 'init', cursors: [] }))
              timers.push(setInterval(() => ws.send(JSON.stringify({ kind: 'ping' })), socketPingMs))
              resolve(client)
            })
            ws.once('error', reject)
          }),
      ),
    )
    clients.push(...opened)
  }
  return {
    clients,
    async close() {
      for (const timer of timers) clearInterval(timer)
      await Promise.all(
        clients.map(
          (c) =>
            new Promise<void>((resolve) => {
              if (c.ws.readyState === WebSocket.CLOSED) return resolve()
              c.ws.once('close', () => resolve())
              c.ws.close()
            }),
        ),
      )
    },
  }
}

/** Percentiles of latencies in milliseconds (nearest rank). */
export function percentiles(values: number[]): { p50: number; p90: number; p99: number; max: number } {
  const sorted = [...values].sort((a, b) => a - b)
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))] ?? 0
  return { p50: at(0.5), p90: at(0.9), p99: at(0.99), max: sorted.at(-1) ?? 0 }
}
