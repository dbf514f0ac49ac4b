import { writeFileSync } from 'node:fs'
import { buildApp } from '../app.ts'
import { loadConfig } from '../config.ts'
import { openSqlite } from '../db/database.ts'

/**
 * Writes the API's OpenAPI document (what `/docs/json` serves) to the file named by the
 * first argument, or prints it: `npm run openapi -- openapi.json`. CI lints it with Redocly.
 */
const db = openSqlite(':memory:')
const app = await buildApp({ config: loadConfig({ NODE_ENV: 'test' }), db })
await app.ready()
const document = JSON.stringify(app.swagger(), null, 2)
const file = process.argv[2]
if (file) writeFileSync(file, `${document}\n`)
else process.stdout.write(`${document}\n`)
await app.close()
await db.close()
