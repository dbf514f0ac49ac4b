import { mkdirSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { buildApp } from '../app.ts'
import { loadConfig } from '../config.ts'
import { openSqlite } from '../db/database.ts'
import { documentOf } from '../platform/openapi.ts'

/**
 * Writes the API's public OpenAPI document (what `/docs/json` serves) to the file named by
 * the first argument, or prints it: `npm run openapi -- openapi.json`; a second argument
 * names a file for the operators' document (`GET /api/admin/openapi.json`). CI lints both
 * with Redocly (`npm run lint:api`).
 */
const db = openSqlite(':memory:')
const app = await buildApp({ config: loadConfig({ NODE_ENV: 'test' }), db })
await app.ready()
const [file, operatorFile] = process.argv.slice(2)
const write = (target: string | undefined, document: object) => {
  const text = `${JSON.stringify(document, null, 2)}\n`
  if (!target) return process.stdout.write(text)
  mkdirSync(path.dirname(target), { recursive: true })
  writeFileSync(target, text)
}
write(file, documentOf(app, 'public'))
if (operatorFile) write(operatorFile, documentOf(app, 'operator'))
await app.close()
await db.close()
