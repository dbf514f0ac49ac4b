/**
 * The bench's server process: the real server entry (`startServer`) in production mode
 * with logging on, plus the floor routes, on the database named by DATA_DIR /
 * DATABASE_URL. It reports `{type:'ready', url, pid}` over IPC and stops cleanly on
 * 'stop' or when the parent goes away, so no server outlives a bench run.
 */
import { loadConfig } from '../../apps/server/src/config.ts'
import { startServer } from '../../apps/server/src/server.ts'
import { registerFloors } from './floors.ts'

const config = loadConfig({ ...process.env, NODE_ENV: 'production', LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'info', HOST: '127.0.0.1', PORT: '0' })
const server = await startServer(config, registerFloors)

let stopping = false
async function stop(): Promise<void> {
  if (stopping) return
  stopping = true
  await server.stop()
  process.exit(0)
}
process.on('message', (message) => {
  if (message === 'stop') void stop()
})
process.on('disconnect', () => void stop())
process.send?.({ type: 'ready', url: server.url, pid: process.pid })
