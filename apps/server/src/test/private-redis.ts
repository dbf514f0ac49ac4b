import { spawn, spawnSync } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { Redis } from 'ioredis'
import { freePort } from './two-nodes.ts'

/**
 * A Redis server of the test's own (Debian's `redis-server`, no persistence, loopback, a free
 * port), so a test can list every key and channel in it knowing that nothing else wrote there:
 * the shared Redis on 6379 holds other runs' keys at the same time.
 */
export interface PrivateRedis {
  /** redis://127.0.0.1:<port> */
  url: string
  /** Stops the server (SIGTERM to the child this started) and removes its folder. */
  stop(): Promise<void>
}

/** Whether `redis-server` can be started here. */
export const redisServerInstalled = () => spawnSync('redis-server', ['--version']).status === 0

/** Starts a private Redis; resolves once it answers PING. */
export async function startPrivateRedis(): Promise<PrivateRedis> {
  const port = await freePort()
  const dir = mkdtempSync(path.join(tmpdir(), 'bazaar-redis-'))
  const child = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', dir], {
    stdio: 'ignore',
  })
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  const url = `redis://127.0.0.1:${port}`
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM')
      await exited
    }
    rmSync(dir, { recursive: true, force: true })
  }
  for (let i = 0; i < 100; i++) {
    if (child.exitCode !== null) break
    const probe = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null })
    const answered = await probe
      .connect()
      .then(() => probe.ping())
      .catch(() => undefined)
    probe.disconnect()
    if (answered === 'PONG') return { url, stop }
    await new Promise((r) => setTimeout(r, 50))
  }
  await stop()
  throw new Error(`redis-server did not start on port ${port}`)
}
