import { createServer, type IncomingHttpHeaders } from 'node:http'
import type { AddressInfo } from 'node:net'
import { Webhook } from 'standardwebhooks'

/** One request the receiver got, its signature checked against the secrets it was given. */
export interface Received {
  id: string
  atMs: number
  verified: boolean
  headers: IncomingHttpHeaders
  body: string
  /** The parsed body when the signature verified. */
  payload: { type: string; timestamp: string; data: Record<string, unknown> } | undefined
}

/**
 * A webhook receiver as a merchant would write one, on 127.0.0.1: it verifies each request's
 * Standard Webhooks signature (`standardwebhooks`) with any of `secrets`, and handles each
 * event id once (`handled` keeps the first of each; `received` keeps every request). `reply`
 * decides each answer: a status, or 'hang' to never answer (a timeout).
 */
export async function startReceiver(options: { reply?: (n: number, received: Received) => number | 'hang' | Promise<number> } = {}) {
  const secrets: string[] = []
  const received: Received[] = []
  const handled = new Map<string, Received>()
  let count = 0
  const server = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (c: Buffer) => chunks.push(c))
    req.on('end', async () => {
      const body = Buffer.concat(chunks).toString('utf8')
      let payload: Received['payload']
      for (const secret of secrets) {
        try {
          payload = new Webhook(secret).verify(body, req.headers as Record<string, string>) as Received['payload']
          break
        } catch {
          // another secret may sign it
        }
      }
      const entry: Received = {
        id: String(req.headers['webhook-id']),
        atMs: Date.now(),
        verified: payload !== undefined,
        headers: req.headers,
        body,
        payload,
      }
      received.push(entry)
      const answer = options.reply ? await options.reply(count++, entry) : 200
      if (answer === 'hang') return
      if (entry.verified && answer >= 200 && answer < 300 && !handled.has(entry.id)) handled.set(entry.id, entry)
      res.writeHead(answer, { 'content-type': 'text/plain' }).end('ok')
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const port = (server.address() as AddressInfo).port
  return {
    url: `http://127.0.0.1:${port}/hook`,
    port,
    secrets,
    received,
    handled,
    /** Waits until `done()` holds or `timeoutMs` passes. */
    async until(done: () => boolean, timeoutMs = 20_000): Promise<void> {
      const deadline = Date.now() + timeoutMs
      while (!done()) {
        if (Date.now() > deadline) throw new Error(`receiver: not done within ${timeoutMs} ms (${received.length} requests)`)
        await new Promise((r) => setTimeout(r, 25))
      }
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
