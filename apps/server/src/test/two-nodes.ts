import { type ChildProcess, spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { mkdirSync, mkdtempSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { createTestDatabase, type TestDatabase } from './databases.ts'

/**
 * Two (or more) real API nodes behind no balancer, for the scale-out proofs: each is a
 * child process of the server entry (`apps/server/src/main.ts`) on its own port and data
 * folder, all on one PostgreSQL database and one Redis, sharing one uploads folder
 * (ARCHITECTURE.md, Scale-out). Secrets and other settings come from the environment:
 * the parent's, plus `env`.
 *
 * ```ts
 * const cluster = await startNodes({ redisUrl })
 * const [a, b] = cluster.nodes          // a.url, b.url: http://127.0.0.1:<port>
 * await a.kill()                        // SIGKILL, as a crash
 * await cluster.restart(0)              // the same node back on its port
 * await cluster.close()                 // stops every node, drops the database
 * ```
 */
export interface NodeProcess {
  name: string
  port: number
  url: string
  pid: number
  /** Whether the process is still running. */
  alive(): boolean
  /** Ends it at once (SIGKILL by default: a crash, no draining). */
  kill(signal?: NodeJS.Signals): Promise<void>
  /** Stops it gracefully (SIGTERM: drains requests, closes sockets), SIGKILL after 15 s. */
  stop(): Promise<void>
}

export interface Nodes {
  nodes: NodeProcess[]
  /** The shared database (a pool for the test's own checks) and its URL. */
  database: TestDatabase
  databaseUrl: string
  redisUrl: string
  /** Channel and key prefix of this cluster in Redis (unique per start, so runs never hear each other). */
  redisPrefix: string
  uploadsDir: string
  /** Starts node `index` again on its port and data folder (after a kill or stop). */
  restart(index: number): Promise<NodeProcess>
  close(): Promise<void>
}

export interface NodesOptions {
  /** How many nodes (2 by default). */
  count?: number
  redisUrl?: string
  /** Extra settings for every node (RATE_LIMIT_FACTOR, LOG_LEVEL, PIN_SECRET…). */
  env?: Record<string, string>
  /** Where a node's stderr goes: inherited (default) or dropped. */
  stderr?: 'inherit' | 'ignore'
}

const serverEntry = path.resolve(import.meta.dirname, '../main.ts')
const readyTimeoutMs = 120_000
const stopTimeoutMs = 15_000

/** A free TCP port on the loopback interface (taken by the child right after). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))))
    })
  })
}

async function waitForHealth(url: string, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + readyTimeoutMs
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null)
      throw new Error(`node at ${url} exited (${child.exitCode ?? child.signalCode}) before it was ready`)
    try {
      const res = await fetch(`${url}/healthz`, { signal: AbortSignal.timeout(2000) })
      if (res.ok) return
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 150))
  }
  child.kill('SIGKILL')
  throw new Error(`node at ${url} was not ready within ${readyTimeoutMs} ms`)
}

/** Starts one node: the server entry in a child process with these settings; resolves when /healthz answers. */
export async function startNode(
  name: string,
  port: number,
  env: Record<string, string>,
  stderr: 'inherit' | 'ignore' = 'inherit',
): Promise<NodeProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', serverEntry], {
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'ignore', stderr],
  })
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  const url = `http://127.0.0.1:${port}`
  await waitForHealth(url, child)
  const alive = () => child.exitCode === null && child.signalCode === null
  return {
    name,
    port,
    url,
    pid: child.pid ?? 0,
    alive,
    async kill(signal = 'SIGKILL') {
      if (!alive()) return
      child.kill(signal)
      await exited
    },
    async stop() {
      if (!alive()) return
      child.kill('SIGTERM')
      const timer = setTimeout(() => child.kill('SIGKILL'), stopTimeoutMs)
      await exited
      clearTimeout(timer)
    },
  }
}

/**
 * Starts `count` nodes on a fresh PostgreSQL database (test/databases.ts) and one Redis.
 * The first node migrates and imports the catalogue before the others start, as a rolling
 * deploy would.
 */
export async function startNodes(options: NodesOptions = {}): Promise<Nodes> {
  const redisUrl = options.redisUrl ?? process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379'
  const database = await createTestDatabase('postgres')
  const databaseUrl = database.url
  if (!databaseUrl) throw new Error('startNodes needs a PostgreSQL test database')
  const redisPrefix = `bazaar-nodes-${randomBytes(4).toString('hex')}:`
  // Every node hashes payment passwords with one secret (required with DATABASE_URL): the
  // environment's when it has one, else one made for this cluster.
  const pinSecret = process.env.PIN_SECRET ?? randomBytes(32).toString('hex')
  const uploadsDir = path.join(database.dataDir, 'uploads')
  mkdirSync(uploadsDir, { recursive: true })
  const count = options.count ?? 2
  const settings = (index: number): Record<string, string> => ({
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
    DATABASE_URL: databaseUrl,
    REDIS_URL: redisUrl,
    REDIS_PREFIX: redisPrefix,
    PIN_SECRET: pinSecret,
    UPLOADS_DIR: uploadsDir,
    DATA_DIR: mkdtempSync(path.join(tmpdir(), `bazaar-node${index}-`)),
    SHOP_DIST_DIR: '/nonexistent',
    ADMIN_DIST_DIR: '/nonexistent',
    ...options.env,
  })
  const envs = Array.from({ length: count }, (_, i) => settings(i))
  const ports: number[] = []
  const nodes: NodeProcess[] = []
  try {
    for (let i = 0; i < count; i++) {
      // A free port may be taken by another process before the node binds it: the node then
      // exits before it is ready, and starts again on another free port.
      for (let attempt = 1; ; attempt++) {
        ports[i] = await freePort()
        try {
          nodes.push(await startNode(`node${i}`, ports[i] as number, envs[i] as Record<string, string>, options.stderr))
          break
        } catch (error) {
          if (attempt >= 3 || !String(error).includes('exited')) throw error
        }
      }
    }
  } catch (error) {
    await Promise.all(nodes.map((n) => n.kill()))
    await database.drop()
    throw error
  }
  return {
    nodes,
    database,
    databaseUrl,
    redisUrl,
    redisPrefix,
    uploadsDir,
    async restart(index) {
      await nodes[index]?.kill()
      const node = await startNode(`node${index}`, ports[index] as number, envs[index] as Record<string, string>, options.stderr)
      nodes[index] = node
      return node
    },
    async close() {
      await Promise.all(nodes.map((n) => n.stop()))
      await database.drop()
    },
  }
}
