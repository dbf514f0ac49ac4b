import { spawn } from 'node:child_process'
import { readFileSync, writeFileSync } from 'node:fs'
import { request as httpRequest } from 'node:http'
import path from 'node:path'
import type { FastifyInstance } from 'fastify'
import { documentOf } from '../platform/openapi.ts'
import { freePort } from '../test/two-nodes.ts'

/** The shipped nginx config (README, Several machines), which the nodes proof runs as it is. */
export const deployConfig = path.resolve(import.meta.dirname, '../../../../deploy/nginx-bazaar.conf')

/** One request as nginx logged it. */
export interface LoggedRequest {
  /** When nginx finished it, epoch ms. */
  atMs: number
  method: string
  uri: string
  status: number
  /** Whether it carried an Idempotency-Key header (`$bazaar_keyed`). */
  keyed: boolean
  /** Whether it went under the keyed-POST rule (`$bazaar_replayable`): sent on even after a node received it. */
  replayable: boolean
  /** The nodes tried, in order (`host:port`); the last one answered, or failed too. Empty when nginx answered itself. */
  upstreams: string[]
}

/** nginx serving the nodes: its URL and port, what it logged, and how to stop it. */
export interface Nginx {
  url: string
  port: number
  /** Requests answered per node (the last node tried), since start. */
  served(): Record<string, number>
  /** Every request logged since start, in order. */
  logged(): LoggedRequest[]
  stop(): void
}

/** The parameters every `server` line of the shipped upstream carries (`max_fails=1 fail_timeout=5s`). */
export function upstreamParameters(site = readFileSync(deployConfig, 'utf8')): string {
  const block = site.match(/upstream bazaar_api \{[\s\S]*?\n\}/)?.[0] ?? ''
  return block.match(/^\s*server\s+\S+\s*([^;]*);/m)?.[1]?.trim() ?? ''
}

/** The shipped `fail_timeout` in ms (nginx's default, 10 s, when none is given). */
export function failTimeoutMs(site = readFileSync(deployConfig, 'utf8')): number {
  const match = upstreamParameters(site).match(/fail_timeout=(\d+)(ms|s)?/)
  if (!match) return 10_000
  return Number(match[1]) * (match[2] === 'ms' ? 1 : 1000)
}

/**
 * Runs Debian's nginx in the foreground on the shipped config, with the nodes' ports put into
 * its upstream (each with the shipped server parameters) and logs every request. It listens on
 * a free port (PROOF_NGINX_PORT to fix one): when another process takes the port between the
 * pick and nginx's bind, nginx exits and another free port is tried, so a stray server on a
 * port can never answer for it.
 */
export async function startNginx(dir: string, ports: number[]): Promise<Nginx> {
  const fixed = process.env.PROOF_NGINX_PORT ? Number(process.env.PROOF_NGINX_PORT) : undefined
  for (let attempt = 1; ; attempt++) {
    const port = fixed ?? (await freePort())
    const nginx = await tryNginx(dir, ports, port)
    if (nginx) return nginx
    if (fixed !== undefined || attempt >= 5) throw new Error(`nginx did not start on port ${port} (see ${dir}/error.log)`)
  }
}

/** nginx on one port, or undefined when it exited (the port was taken) or never answered. */
async function tryNginx(dir: string, ports: number[], port: number): Promise<Nginx | undefined> {
  const shipped = readFileSync(deployConfig, 'utf8')
  const parameters = upstreamParameters(shipped)
  const site = shipped
    .replace(/upstream bazaar_api \{[\s\S]*?\n\}/, (block) =>
      block
        .replace(/^\s*server\s+[^\n]*\n/gm, '')
        .replace('{', `{\n${ports.map((p) => `    server 127.0.0.1:${p} ${parameters};`).join('\n')}`),
    )
    .replace('listen 80;', `listen 127.0.0.1:${port};`)
  const log = path.join(dir, 'requests.log')
  const conf = path.join(dir, 'nginx.conf')
  writeFileSync(
    conf,
    `worker_processes 1;\npid ${dir}/nginx.pid;\nerror_log ${dir}/error.log;\nevents {}\nhttp {\n` +
      `log_format proof '$msec\\t$request_method\\t$uri\\t$status\\t$bazaar_keyed\\t$bazaar_replayable\\t$upstream_addr';\n` +
      `access_log ${log} proof;\nclient_body_temp_path ${dir}/body; proxy_temp_path ${dir}/proxy;\n${site}\n}\n`,
  )
  const child = spawn('nginx', ['-c', conf, '-g', 'daemon off;'], { stdio: 'inherit' })
  const exited = () => child.exitCode !== null || child.signalCode !== null
  const url = `http://127.0.0.1:${port}`
  let ready = false
  for (let i = 0; i < 100 && !exited(); i++) {
    if ((await fetch(`${url}/healthz`).catch(() => undefined))?.ok) {
      ready = true
      break
    }
    await new Promise((r) => setTimeout(r, 100))
  }
  // An answer while our nginx is gone came from whatever else holds the port.
  if (!ready || exited()) {
    child.kill('SIGTERM')
    return undefined
  }
  writeFileSync(log, '')
  const logged = (): LoggedRequest[] =>
    readFileSync(log, 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((line) => {
        const [msec, method, uri, status, keyed, replayable, upstream] = line.split('\t')
        return {
          atMs: Math.round(Number(msec) * 1000),
          method: method ?? '',
          uri: uri ?? '',
          status: Number(status),
          keyed: keyed === '1',
          replayable: replayable === '1',
          upstreams: upstream && upstream !== '-' ? upstream.split(/,\s*/) : [],
        }
      })
  const served = () => {
    const counts: Record<string, number> = {}
    for (const { upstreams } of logged()) {
      const node = upstreams.at(-1)
      if (node) counts[node] = (counts[node] ?? 0) + 1
    }
    return counts
  }
  return { url, port, served, logged, stop: () => child.kill('SIGTERM') }
}

/** What came back for a request sent to nginx: the status and the body's text (status 0: no answer at all). */
export interface RawAnswer {
  status: number
  text: string
  /** When it was sent and when its answer ended, epoch ms. */
  sentAtMs: number
  doneAtMs: number
}

/**
 * Sends one request to nginx from a given local address (a loopback address of the run: nginx
 * sets X-Forwarded-For from it, so per-IP limits count each such address as one client).
 */
export function requestFrom(
  nginxPort: number,
  localAddress: string,
  method: string,
  urlPath: string,
  options: { body?: object; headers?: Record<string, string> } = {},
): Promise<RawAnswer> {
  const body = options.body === undefined ? undefined : JSON.stringify(options.body)
  const sentAtMs = Date.now()
  return new Promise((resolve) => {
    const req = httpRequest(
      {
        host: '127.0.0.1',
        port: nginxPort,
        path: urlPath,
        method,
        localAddress,
        headers: { ...options.headers, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      },
      (res) => {
        const chunks: Buffer[] = []
        res.on('data', (chunk: Buffer) => chunks.push(chunk))
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8'), sentAtMs, doneAtMs: Date.now() }),
        )
      },
    )
    req.once('error', () => resolve({ status: 0, text: '', sentAtMs, doneAtMs: Date.now() }))
    req.end(body)
  })
}

/** Whether a node answered (its JSON envelope), not nginx itself (its 502/504 page) or nobody. */
export function answeredByNode(answer: RawAnswer): boolean {
  try {
    return typeof (JSON.parse(answer.text) as { code?: unknown }).code === 'number'
  } catch {
    return false
  }
}

/** A loopback address of this run, different on every call (127.x.y.z), so each client has per-IP limits of its own. */
export function loopbackClient(): string {
  const byte = () => Math.floor(Math.random() * 250)
  return `127.${1 + byte()}.${byte()}.${1 + byte()}`
}

/** The POST routes whose OpenAPI operation takes the idempotency-key header (`POST /api/orders/pay`…), from the app's documents. */
export function keyedRoutes(app: FastifyInstance): string[] {
  const routes = new Set<string>()
  for (const audience of ['public', 'operator'] as const)
    for (const [route, operations] of Object.entries(documentOf(app, audience).paths))
      for (const [method, operation] of Object.entries(operations as Record<string, { parameters?: { in: string; name: string }[] }>))
        if (operation.parameters?.some((p) => p.in === 'header' && p.name === 'idempotency-key'))
          routes.add(`${method.toUpperCase()} ${route}`)
  return [...routes].sort()
}

/**
 * Checks the shipped map of POSTs that nginx may send on after a node received them against the
 * server's routes: each keyed route (keyedRoutes) is under that rule with an Idempotency-Key and
 * not without; a keyed POST to a route that ignores the key (placing an order, adding to the
 * cart) is not. The requests carry no session, so each is refused (401) before it changes anything.
 * @returns the problems found (none when the map and the routes agree)
 */
export async function replayableRouteProblems(app: FastifyInstance, nginx: Nginx): Promise<string[]> {
  const from = loopbackClient()
  const expected: { uri: string; keyed: boolean; replayable: boolean }[] = []
  for (const route of keyedRoutes(app)) {
    const [method, template] = route.split(' ') as [string, string]
    if (method !== 'POST') return [`${route} takes an Idempotency-Key but is not a POST: the nginx map knows only POSTs`]
    const uri = template.replace(/\{[^}]+\}/g, '1')
    expected.push({ uri, keyed: true, replayable: true }, { uri, keyed: false, replayable: false })
  }
  for (const uri of ['/api/orders', '/api/cart/items']) expected.push({ uri, keyed: true, replayable: false })
  const since = Date.now()
  for (const e of expected)
    await requestFrom(nginx.port, from, 'POST', e.uri, { body: {}, headers: e.keyed ? { 'idempotency-key': 'proof-map-check' } : {} })
  await new Promise((r) => setTimeout(r, 100))
  const logged = nginx.logged().filter((l) => l.atMs >= since - 1000 && l.method === 'POST')
  const problems: string[] = []
  for (const e of expected) {
    const line = logged.find((l) => l.uri === e.uri && l.keyed === e.keyed)
    if (!line) problems.push(`POST ${e.uri} (${e.keyed ? 'keyed' : 'no key'}) not in nginx's log`)
    else if (line.replayable !== e.replayable)
      problems.push(`POST ${e.uri} (${e.keyed ? 'keyed' : 'no key'}): nginx's replayable ${line.replayable}, expected ${e.replayable}`)
  }
  return problems
}
