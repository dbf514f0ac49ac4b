import type { FastifyInstance } from 'fastify'
import { buildApp } from '../app.ts'
import { loadConfig } from '../config.ts'
import type { DialectName } from '../db/database.ts'
import { migrateToLatest } from '../db/migrate.ts'
import { seedDatabase } from '../db/seed/seed.ts'
import { createTestDatabase, type TestDatabase } from './databases.ts'

/** An app built in-process on a fresh, migrated database seeded with the real catalogue. */
export interface TestApp extends TestDatabase {
  app: FastifyInstance
  /** GET a path and return the status and parsed envelope. */
  get(url: string, headers?: Record<string, string>): Promise<{ status: number; body: { code: number; msg: string; data: any } }>
  close(): Promise<void>
}

/** Builds the real app (no listening) on a fresh database of the dialect. */
export async function createTestApp(dialect: DialectName): Promise<TestApp> {
  const database = await createTestDatabase(dialect)
  await migrateToLatest(database.db)
  await seedDatabase(database.db, { catalogueDir: loadConfig({}).CATALOGUE_DIR, progress: false })
  const config = loadConfig({ DATA_DIR: database.dataDir, NODE_ENV: 'test', SHOP_DIST_DIR: `${database.dataDir}/no-shop` })
  const app = await buildApp({ config, db: database.db })
  return {
    ...database,
    app,
    async get(url, headers) {
      const res = await app.inject({ method: 'GET', url, headers })
      return { status: res.statusCode, body: res.json() }
    },
    async close() {
      await app.close()
      await database.drop()
    },
  }
}
