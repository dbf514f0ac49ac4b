/**
 * The bench's server process: the real server entry (`startServer`) in production mode
 * with logging on, plus the floor routes, on the database named by DATA_DIR /
 * DATABASE_URL. It reports `{type:'ready', url, pid}` over IPC and stops cleanly on
 * 'stop' or when the parent goes away, so no server outlives a bench run. On request it
 * records a CPU profile of a window (bench/profile.ts).
 */
import { writeFileSync } from 'node:fs'
import { Session } from 'node:inspector/promises'
import { loadConfig } from '../../apps/server/src/config.ts'
import { startServer } from '../../apps/server/src/server.ts'
import { registerFloors } from './floors.ts'

const config = loadConfig({
  ...process.env,
  NODE_ENV: 'production',
  LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'info',
  HOST: '127.0.0.1',
  PORT: process.env.BENCH_PORT ?? '0',
})
const server = await startServer(config, registerFloors)

let stopping = false
async function stop(): Promise<void> {
  if (stopping) return
  stopping = true
  await server.stop()
  process.exit(0)
}
// CPU profile of a window chosen by the parent (bench/profile.ts), so start-up is left out.
const inspector = new Session()
process.on('message', async (message: string | { type: 'profile-start' } | { type: 'profile-stop'; file: string }) => {
  if (message === 'stop') return void stop()
  if (typeof message !== 'object') return
  if (message.type === 'profile-start') {
    inspector.connect()
    await inspector.post('Profiler.enable')
    await inspector.post('Profiler.start')
  } else if (message.type === 'profile-stop') {
    const { profile } = await inspector.post('Profiler.stop')
    writeFileSync(message.file, JSON.stringify(profile))
    inspector.disconnect()
    process.send?.({ type: 'profiled', file: message.file })
  }
})
process.on('disconnect', () => void stop())
process.send?.({ type: 'ready', url: server.url, pid: process.pid })
