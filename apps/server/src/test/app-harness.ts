import type { FastifyInstance, HTTPMethods } from 'fastify'
import type { z } from 'zod'
import { type AppDeps, buildApp } from '../app.ts'
import { loadConfig } from '../config.ts'
import type { DialectName } from '../db/database.ts'
import { migrateToLatest } from '../db/migrate.ts'
import { seedDatabase } from '../db/seed/seed.ts'
import { createTestDatabase, type TestDatabase } from './databases.ts'
import { type Answer, type Ok, parseOk, readReply } from './replies.ts'

let ipCounter = 0
/** A fresh client address per call, so per-IP rate limits of one test never leak into another. */
export const freshIp = () => `10.${Math.floor(++ipCounter / 62_500) % 250}.${Math.floor(ipCounter / 250) % 250}.${ipCounter % 250}`

/** Who asks: a user session `token`, the client address `ip` (127.0.0.1 unless given), extra `headers`. */
export interface RequestOptions {
  token?: string
  ip?: string
  headers?: Record<string, string>
}
/** With a contract `schema`, the reply must be a success; its `data` is parsed with it and typed as its output. */
export type Parsed<S extends z.ZodType> = RequestOptions & { schema: S }

/** GET or DELETE: no body. */
export interface Read {
  <S extends z.ZodType>(url: string, options: Parsed<S>): Promise<Ok<z.output<S>>>
  (url: string, options?: RequestOptions): Promise<Answer>
}
/** POST, PUT or PATCH: a JSON body (or a Buffer with its own content-type header). */
export interface Write {
  <S extends z.ZodType>(url: string, body: object, options: Parsed<S>): Promise<Ok<z.output<S>>>
  (url: string, body: object, options?: RequestOptions): Promise<Answer>
}

/** An app built in-process on a fresh, migrated database seeded with the real catalogue. */
export interface TestApp extends TestDatabase {
  app: FastifyInstance
  get: Read
  delete: Read
  post: Write
  put: Write
  patch: Write
  /** Any method, and a string body sent as it is: for walking the route table or sending bad JSON. The reply is read, not parsed. */
  request(method: HTTPMethods, url: string, body?: object | string, options?: RequestOptions): Promise<Answer>
  close(): Promise<void>
}

/**
 * Builds the real app (no listening) on a fresh database of the dialect.
 * @param settings extra environment settings (REDIS_URL, RATE_LIMIT_FACTOR…)
 * @param options.logger Fastify's logger (default none), e.g. `{ level: 'info', stream }` to read the log lines
 */
export async function createTestApp(
  dialect: DialectName,
  settings: Record<string, string> = {},
  options: { logger?: AppDeps['logger'] } = {},
): Promise<TestApp> {
  const database = await createTestDatabase(dialect)
  await migrateToLatest(database.db)
  const defaults = loadConfig({})
  await seedDatabase(database.db, { catalogueDir: defaults.CATALOGUE_DIR, articlesDir: defaults.ARTICLES_DIR, progress: false })
  return testAppOn(database, settings, options)
}

/**
 * The real app built in-process on a database that is already migrated and seeded (one that
 * server processes share, for the multi-node proofs); `close` drops it as createTestApp's does.
 */
export async function testAppOn(
  database: TestDatabase,
  settings: Record<string, string> = {},
  options: { logger?: AppDeps['logger'] } = {},
): Promise<TestApp> {
  const config = loadConfig({ DATA_DIR: database.dataDir, NODE_ENV: 'test', SHOP_DIST_DIR: `${database.dataDir}/no-shop`, ...settings })
  const app = await buildApp({ config, db: database.db, checkReplies: true, logger: options.logger })

  async function request(method: HTTPMethods, url: string, body?: object | string, options: RequestOptions = {}): Promise<Answer> {
    const headers = { ...options.headers, ...(options.token ? { token: options.token } : {}) }
    const res = await app.inject({ method, url, payload: body, headers, remoteAddress: options.ip ?? '127.0.0.1' })
    return readReply(res)
  }
  function read(method: 'GET' | 'DELETE'): Read {
    function call<S extends z.ZodType>(url: string, options: Parsed<S>): Promise<Ok<z.output<S>>>
    function call(url: string, options?: RequestOptions): Promise<Answer>
    async function call(url: string, options: RequestOptions & { schema?: z.ZodType } = {}): Promise<Answer> {
      const answer = await request(method, url, undefined, options)
      return options.schema ? parseOk(options.schema, answer, `${method} ${url}`) : answer
    }
    return call
  }
  function write(method: 'POST' | 'PUT' | 'PATCH'): Write {
    function call<S extends z.ZodType>(url: string, body: object, options: Parsed<S>): Promise<Ok<z.output<S>>>
    function call(url: string, body: object, options?: RequestOptions): Promise<Answer>
    async function call(url: string, body: object, options: RequestOptions & { schema?: z.ZodType } = {}): Promise<Answer> {
      const answer = await request(method, url, body, options)
      return options.schema ? parseOk(options.schema, answer, `${method} ${url}`) : answer
    }
    return call
  }

  return {
    ...database,
    app,
    get: read('GET'),
    delete: read('DELETE'),
    post: write('POST'),
    put: write('PUT'),
    patch: write('PATCH'),
    request,
    async close() {
      await app.close()
      await database.drop()
    },
  }
}
