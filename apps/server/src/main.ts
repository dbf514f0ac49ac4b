import closeWithGrace from 'close-with-grace'
import { loadConfig } from './config.ts'
import { phaseClock, startServer } from './server.ts'

/** Process entry: read settings, start, and on SIGTERM/SIGINT drain requests and close cleanly. */
// Since the process started: Node itself and loading the server's modules.
const loaded = phaseClock({ wallMs: 0, cpuMs: 0 })()
const config = loadConfig()
const server = await startServer(config)
const phases = { 'node and modules': loaded, ...server.startupMs }
const total = phaseClock({ wallMs: 0, cpuMs: 0 })()
// One line that says where the start went (BENCH G11 reads it): wall ms, CPU ms in brackets.
console.log(
  `Bazaar is serving the shop at http://localhost:${config.PORT}/ (API docs at /docs), ready ${total.wallMs} ms (CPU ${total.cpuMs}) after the process started: ` +
    Object.entries(phases)
      .map(([name, p]) => `${name.replace(/([A-Z])/g, ' $1').toLowerCase()} ${p.wallMs} (CPU ${p.cpuMs})`)
      .join(', '),
)
closeWithGrace({ delay: 10_000 }, async ({ err, signal }) => {
  if (err) server.app.log.error({ err }, 'stopping after an error')
  else server.app.log.info({ signal }, 'stopping')
  await server.stop()
})
