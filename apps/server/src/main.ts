import closeWithGrace from 'close-with-grace'
import { loadConfig } from './config.ts'
import { startServer } from './server.ts'

/** Process entry: read settings, start, and on SIGTERM/SIGINT drain requests and close cleanly. */
const config = loadConfig()
const server = await startServer(config)
console.log(`Bazaar is serving the shop at http://localhost:${config.PORT}/ (API docs at /docs)`)
closeWithGrace({ delay: 10_000 }, async ({ err, signal }) => {
  if (err) server.app.log.error({ err }, 'stopping after an error')
  else server.app.log.info({ signal }, 'stopping')
  await server.stop()
})
