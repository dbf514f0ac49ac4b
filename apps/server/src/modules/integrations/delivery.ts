import http from 'node:http'
import https from 'node:https'
import { RequestFilteringHttpAgent, RequestFilteringHttpsAgent } from 'request-filtering-agent'
import { Webhook } from 'standardwebhooks'

/** What one attempt got: the reply's status, or no reply and why. */
export interface AttemptResult {
  statusCode: number | null
  error: string | null
}

/** One delivery to send: where, the endpoint's secrets, and the event as stored. */
export interface Outgoing {
  url: string
  secret: string
  /** Still signing for receivers that have not switched yet (a rotation less than 24 h ago). */
  previousSecret: string | null
  eventId: string
  payload: string
}

/** The agents that refuse private addresses at connection time, checking the very address the socket connects to. */
export function deliveryAgents(allowPrivate: boolean) {
  const options = { allowPrivateIPAddress: allowPrivate, allowMetaIPAddress: allowPrivate, keepAlive: true, maxSockets: 16 }
  return { http: new RequestFilteringHttpAgent(options), https: new RequestFilteringHttpsAgent(options) }
}

/**
 * Sends one event with the Standard Webhooks headers (`standardwebhooks`: `webhook-id`,
 * `webhook-timestamp`, `webhook-signature` = `v1,` + HMAC-SHA256 of `id.timestamp.body`
 * under the endpoint's secret, and under the previous secret too after a rotation). The
 * connection goes through a request-filtering agent (no private address, checked on the
 * address it connects to, after DNS), follows no redirect, and gives up after `timeoutMs`
 * for the whole exchange. Only a 2xx counts as delivered; the reply's body is read up to
 * 4 KB and dropped.
 */
export function sendEvent(
  outgoing: Outgoing,
  options: { timeoutMs: number; agents: ReturnType<typeof deliveryAgents>; nowMs?: number },
): Promise<AttemptResult> {
  const sentAt = new Date(options.nowMs ?? Date.now())
  const signatures = [outgoing.secret, outgoing.previousSecret]
    .filter((s): s is string => s !== null)
    .map((secret) => new Webhook(secret).sign(outgoing.eventId, sentAt, outgoing.payload))
  const url = new URL(outgoing.url)
  const client = url.protocol === 'https:' ? https : http
  const agent = url.protocol === 'https:' ? options.agents.https : options.agents.http
  return new Promise((resolve) => {
    let settled = false
    const done = (result: AttemptResult) => {
      if (settled) return
      settled = true
      clearTimeout(timer)
      resolve(result)
    }
    const request = client.request(
      url,
      {
        method: 'POST',
        agent,
        headers: {
          'content-type': 'application/json',
          'user-agent': 'Bazaar-Webhooks/1',
          'webhook-id': outgoing.eventId,
          'webhook-timestamp': String(Math.floor(sentAt.getTime() / 1000)),
          'webhook-signature': signatures.join(' '),
        },
      },
      (reply) => {
        let read = 0
        reply.on('data', (chunk: Buffer) => {
          read += chunk.length
          if (read > 4096) reply.destroy()
        })
        reply.on('close', () => done({ statusCode: reply.statusCode ?? null, error: null }))
        reply.on('error', () => done({ statusCode: reply.statusCode ?? null, error: null }))
      },
    )
    const timer = setTimeout(() => {
      request.destroy(new Error(`no reply within ${options.timeoutMs} ms`))
    }, options.timeoutMs)
    request.on('error', (error) => done({ statusCode: null, error: error.message.slice(0, 300) }))
    request.end(outgoing.payload)
  })
}
