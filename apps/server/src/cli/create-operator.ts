import { createInterface } from 'node:readline/promises'
import { loadConfig } from '../config.ts'
import { openDatabase } from '../db/database.ts'
import { migrateToLatest } from '../db/migrate.ts'
import { createOperator } from '../modules/admin/service.ts'

/**
 * `npm run operator:create -- EMAIL`: creates an operator of the console. The password is
 * read from OPERATOR_PASSWORD or asked for at the prompt; there is no default password.
 */
const email = process.argv[2]
if (!email?.includes('@')) {
  console.error('usage: npm run operator:create -- EMAIL   (password from OPERATOR_PASSWORD or the prompt)')
  process.exit(2)
}
const config = loadConfig()
let password = process.env.OPERATOR_PASSWORD
if (!password) {
  const prompt = createInterface({ input: process.stdin, output: process.stdout })
  password = await prompt.question('Password (at least 12 characters): ')
  prompt.close()
}
const db = openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR })
try {
  await migrateToLatest(db)
  const created = await createOperator(db, { email, password })
  console.log(created ? `Operator ${email} created.` : `An operator ${email} exists already; nothing changed.`)
} finally {
  await db.close()
}
