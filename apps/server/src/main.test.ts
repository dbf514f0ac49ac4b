import { spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { readReply } from './test/replies.ts'

const main = path.join(import.meta.dirname, 'main.ts')

/** Polls `read` every 50 ms until it returns a value; fails after 50 s with the output so far. */
async function waitFor<T>(read: () => T | undefined, output: () => string): Promise<T> {
  for (let waitedMs = 0; waitedMs < 50_000; waitedMs += 50) {
    const value = read()
    if (value !== undefined) return value
    await new Promise((r) => setTimeout(r, 50))
  }
  throw new Error(`server did not start:\n${output()}`)
}

describe('the server process', () => {
  it('starts on an empty data folder, serves /healthz, and on SIGTERM finishes in-flight work and exits 0', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'bazaar-main-'))
    const child = spawn(process.execPath, ['--import', 'tsx', main], {
      env: { ...process.env, DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'debug' },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let output = ''
    child.stdout.on('data', (d) => (output += d))
    child.stderr.on('data', (d) => (output += d))
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)))
    try {
      const url = await waitFor(
        () => output.match(/Server listening at (http:\/\/127\.0\.0\.1:\d+)/)?.[1],
        () => output,
      )
      expect(output).toMatch(/Demo merchant accounts/)
      const health = await fetch(`${url}/healthz`)
      expect(readReply({ statusCode: health.status, body: await health.text() })).toMatchObject({
        status: 200,
        body: { code: 1, data: { status: 'ok' } },
      })
      const inFlight = fetch(`${url}/api/products?limit=100`).then((r) => r.status)
      // Signal only once the server has the request in hand (its debug line), so it is truly in flight.
      await waitFor(
        () => (output.includes('/api/products?limit=100') ? true : undefined),
        () => output,
      )
      child.kill('SIGTERM')
      expect(await inFlight).toBe(200)
      expect(await exited).toBe(0)
    } finally {
      child.kill('SIGKILL')
      rmSync(dataDir, { recursive: true, force: true })
    }
  })
})
