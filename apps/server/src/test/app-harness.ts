import type { FastifyInstance } from 'fastify'
import { buildApp } from '../app.ts'
import { loadConfig } from '../config.ts'
import type { DialectName } from '../db/database.ts'
import { migrateToLatest } from '../db/migrate.ts'
import { seedDatabase } from '../db/seed/seed.ts'
import { createTestDatabase, type TestDatabase } from './databases.ts'

let ipCounter = 0
/** A fresh client address per call, so per-IP rate limits of one test never leak into another. */
export const freshIp = () => `10.${Math.floor(++ipCounter / 62_500) % 250}.${Math.floor(ipCounter / 250) % 250}.${ipCounter % 250}`

export type Answer = { status: number; body: { code: number; msg: string; data: any } }

/** An app built in-process on a fresh, migrated database seeded with the real catalogue. */
export interface TestApp extends TestDatabase {
  app: FastifyInstance
  /** GET a path and return the status and parsed envelope. */
  get(url: string, headers?: Record<string, string>): Promise<Answer>
  /** POST a JSON body, optionally as a logged-in user (`token`) from a given client address. */
  post(url: string, body: unknown, options?: { token?: string; ip?: string; headers?: Record<string, string> }): Promise<Answer>
  close(): Promise<void>
}

/** Builds the real app (no listening) on a fresh database of the dialect. */
export async function createTestApp(dialect: DialectName): Promise<TestApp> {
  const database = await createTestDatabase(dialect)
  await migrateToLatest(database.db)
  const defaults = loadConfig({})
  await seedDatabase(database.db, { catalogueDir: defaults.CATALOGUE_DIR, articlesDir: defaults.ARTICLES_DIR, progress: false })
  const config = loadConfig({ DATA_DIR: database.dataDir, NODE_ENV: 'test', SHOP_DIST_DIR: `${database.dataDir}/no-shop` })
  const app = await buildApp({ config, db: database.db, checkReplies: true })
  return {
    ...database,
    app,
    async get(url, headers) {
      const res = await app.inject({ method: 'GET', url, headers })
      return { status: res.statusCode, body: res.json() }
    },
    async post(url, body, options = {}) {
      const headers = { ...options.headers, ...(options.token ? { token: options.token } : {}) }
      const res = await app.inject({ method: 'POST', url, payload: body as object, headers, remoteAddress: options.ip ?? '127.0.0.1' })
      return { status: res.statusCode, body: res.json() }
    },
    async close() {
      await app.close()
      await database.drop()
    },
  }
}
