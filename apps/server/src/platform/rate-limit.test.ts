import { randomBytes } from 'node:crypto'
import { Redis } from 'ioredis'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApp } from '../app.ts'
import { loadConfig } from '../config.ts'
import { migrateToLatest } from '../db/migrate.ts'
import { createTestDatabase, type TestDatabase } from '../test/databases.ts'
import { readReply } from '../test/replies.ts'

const redisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379'

async function redisReachable(): Promise<boolean> {
  const probe = new Redis(redisUrl, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null })
  try {
    await probe.connect()
    return (await probe.ping()) === 'PONG'
  } catch {
    return false
  } finally {
    probe.disconnect()
  }
}

const reachable = await redisReachable()
if (!reachable && process.env.CI === 'true') throw new Error(`Redis is not reachable at ${redisUrl}; run .ci/start-services.sh`)

/**
 * With REDIS_URL set, per-IP limits live in Redis, so two API nodes share one count: the
 * 21st login from one address within 15 minutes is refused whichever node it reaches.
 */
describe.skipIf(!reachable)('rate limits through Redis across two nodes', () => {
  let database: TestDatabase
  beforeAll(async () => {
    database = await createTestDatabase('sqlite')
    await migrateToLatest(database.db)
  })
  afterAll(async () => database?.drop())

  it('counts one client across both nodes and answers the 21st try with 429 and a key', async () => {
    // A prefix of its own, so runs sharing one Redis never count each other's tries.
    const prefix = `bazaar-rl-test-${randomBytes(4).toString('hex')}:`
    const config = loadConfig({
      DATA_DIR: database.dataDir,
      REDIS_URL: redisUrl,
      REDIS_PREFIX: prefix,
      NODE_ENV: 'test',
      SHOP_DIST_DIR: '/nonexistent',
      ADMIN_DIST_DIR: '/nonexistent',
    })
    const [nodeA, nodeB] = await Promise.all([buildApp({ config, db: database.db }), buildApp({ config, db: database.db })])
    const ip = '10.0.0.1'
    const redis = new Redis(redisUrl)
    try {
      const statuses: number[] = []
      for (let i = 0; i < 21; i++) {
        const node = i % 2 === 0 ? nodeA : nodeB
        const res = await node.inject({
          method: 'POST',
          url: '/api/auth/login',
          payload: { email: `nobody${i}@example.com`, password: 'whatever' },
          remoteAddress: ip,
        })
        statuses.push(res.statusCode)
        if (i === 20) expect(readReply(res).body).toMatchObject({ code: 0, msg: 'Too many requests' })
      }
      expect(statuses.slice(0, 20)).toEqual(Array(20).fill(400))
      expect(statuses[20]).toBe(429)
      expect(await redis.exists(`${prefix}rl:POST/api/auth/login-${ip}`)).toBe(1)
    } finally {
      redis.disconnect()
      await nodeA.close()
      await nodeB.close()
    }
  })
})

describe('RATE_LIMIT_FACTOR', () => {
  it('multiplies the per-IP limits, so the 41st login from one address is refused at factor 2', async () => {
    const database = await createTestDatabase('sqlite')
    await migrateToLatest(database.db)
    const config = loadConfig({
      DATA_DIR: database.dataDir,
      RATE_LIMIT_FACTOR: '2',
      NODE_ENV: 'test',
      SHOP_DIST_DIR: '/nonexistent',
      ADMIN_DIST_DIR: '/nonexistent',
    })
    const app = await buildApp({ config, db: database.db })
    try {
      const statuses: number[] = []
      for (let i = 0; i < 41; i++)
        statuses.push(
          (
            await app.inject({
              method: 'POST',
              url: '/api/auth/login',
              payload: { email: `n${i}@example.com`, password: 'whatever' },
              remoteAddress: '192.0.2.77',
            })
          ).statusCode,
        )
      expect(statuses.filter((s) => s === 400)).toHaveLength(40)
      expect(statuses[40]).toBe(429)
    } finally {
      await app.close()
      await database.drop()
    }
  })
})
