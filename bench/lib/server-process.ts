import { fork } from 'node:child_process'
import path from 'node:path'

/** A bench server running in its own process. */
export interface ServerProcess {
  url: string
  pid: number
  stop(): Promise<void>
  /** Starts a CPU profile in the server; the returned stop writes it to `file` (a .cpuprofile). */
  startProfile(): (file: string) => Promise<void>
}

const childEntry = path.resolve(import.meta.dirname, '../server/child.ts')
const readyTimeoutMs = 120_000
const stopTimeoutMs = 15_000

/**
 * The payment-password secret of bench runs (PIN_SECRET, required with DATABASE_URL): fixed,
 * so the server process and the in-process payments (bench/orders.ts) hash PINs alike.
 */
export const benchPinSecret = 'bench-only-payment-password-secret-0123456789abcdef'

/**
 * Starts the real server with the floors in a child process (so the load generator and the
 * server never share an event loop) and waits for it to listen. Its request log goes to
 * /dev/null: the server still formats and writes every line, nobody stores them.
 * @param env DATA_DIR and, for PostgreSQL, DATABASE_URL
 */
export function startServerProcess(env: Record<string, string>): Promise<ServerProcess> {
  const child = fork(childEntry, [], {
    execArgv: ['--import', 'tsx'],
    env: { PIN_SECRET: benchPinSecret, ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  })
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return
    child.send('stop')
    const timer = setTimeout(() => child.kill('SIGKILL'), stopTimeoutMs)
    await exited
    clearTimeout(timer)
  }
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL')
      reject(new Error(`bench server did not start within ${readyTimeoutMs} ms`))
    }, readyTimeoutMs)
    child.once('exit', (code) => {
      clearTimeout(timer)
      reject(new Error(`bench server exited with code ${code} before listening`))
    })
    child.on('message', (message: { type?: string; url?: string; pid?: number }) => {
      if (message.type !== 'ready' || !message.url || !message.pid) return
      clearTimeout(timer)
      const startProfile = () => {
        child.send({ type: 'profile-start' })
        return (file: string) =>
          new Promise<void>((done) => {
            const onMessage = (m: { type?: string }) => {
              if (m.type !== 'profiled') return
              child.off('message', onMessage)
              done()
            }
            child.on('message', onMessage)
            child.send({ type: 'profile-stop', file })
          })
      }
      resolve({ url: message.url, pid: message.pid, stop, startProfile })
    })
  })
}
