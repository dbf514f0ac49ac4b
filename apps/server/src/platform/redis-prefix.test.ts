import { randomBytes } from 'node:crypto'
import { ChatMessage } from '@bazaar/contract/chat'
import { Redis } from 'ioredis'
import { describe, expect, it } from 'vitest'
import { createTestApp, freshIp } from '../test/app-harness.ts'
import { openChat } from '../test/chat-helpers.ts'
import { testDialects } from '../test/databases.ts'
import { merchantSession, quickBuyers } from '../test/order-helpers.ts'
import { redisServerInstalled, startPrivateRedis } from '../test/private-redis.ts'
import { openSocket } from '../test/socket-client.ts'

const installed = redisServerInstalled()
if (!installed && process.env.CI === 'true') throw new Error('redis-server is not installed; the REDIS_PREFIX test starts one of its own')

/** Every key in the Redis, by SCAN (KEYS would block a shared server; this one is private, but the habit holds). */
async function allKeys(redis: Redis): Promise<string[]> {
  const keys: string[] = []
  let cursor = '0'
  do {
    const [next, batch] = await redis.scan(cursor, 'COUNT', 1000)
    keys.push(...batch)
    cursor = next
  } while (cursor !== '0')
  return keys.sort()
}

/**
 * REDIS_PREFIX (config.ts; ARCHITECTURE.md, Scale-out): every key and channel the server writes
 * to Redis starts with it, so two platforms, or two test runs, can share one Redis without using
 * up each other's limits or hearing each other's pushes. The app runs on a Redis of the test's
 * own, so whatever is in it afterwards was written by the app.
 */
describe.skipIf(!installed).each(await testDialects())('REDIS_PREFIX on %s', (dialect) => {
  it('starts every key written, channel subscribed and channel published with the prefix', async () => {
    const redis = await startPrivateRedis()
    const prefix = `bazaar-prefix-${randomBytes(4).toString('hex')}:`
    const t = await createTestApp(dialect, { REDIS_URL: redis.url, REDIS_PREFIX: prefix })
    const watcher = new Redis(redis.url)
    const reader = new Redis(redis.url)
    const published = new Set<string>()
    watcher.on('pmessage', (_pattern: string, channel: string) => published.add(channel))
    await watcher.psubscribe('*')
    try {
      const url = await t.app.listen({ port: 0, host: '127.0.0.1' })
      // A per-IP limited route: a wrong sign-in (and the merchant's right one).
      const wrong = await t.post('/api/auth/login', { email: 'nobody@example.com', password: 'wrong-password-1' }, { ip: freshIp() })
      expect(wrong.status).toBe(400)
      const merchant = await merchantSession(t, 'Gadget Harbor', 0)
      const [buyer] = await quickBuyers(t, 1, 'no-payment-password')
      // Chat: the merchant's socket subscribes its channel; the buyer's message is counted by
      // the send limit and published to the merchant.
      const socket = await openSocket(url, merchant.token)
      try {
        socket.send({ kind: 'init', cursors: [] })
        await socket.next('init')
        const chat = await openChat(t, buyer!.token, { shopId: merchant.shopId })
        const sent = await t.post(
          `/api/chat/conversations/${chat.id}/messages`,
          { type: 'text', text: 'hello through Redis' },
          { token: buyer!.token, schema: ChatMessage },
        )
        await socket.next('chat', (p) => p.data.id === sent.body.data.id)
        const subscribed = ((await reader.pubsub('CHANNELS')) as string[]).sort()
        const keys = await allKeys(reader)

        expect(keys.some((k) => k.includes('/api/auth/login'))).toBe(true)
        expect(keys.length).toBeGreaterThanOrEqual(2)
        expect(subscribed.length).toBeGreaterThanOrEqual(2)
        expect(published.size).toBeGreaterThanOrEqual(1)
        expect({ keys, subscribed, published: [...published] }).toEqual({
          keys: keys.filter((k) => k.startsWith(prefix)),
          subscribed: subscribed.filter((c) => c.startsWith(prefix)),
          published: [...published].filter((c) => c.startsWith(prefix)),
        })
      } finally {
        await socket.close()
      }
    } finally {
      watcher.disconnect()
      reader.disconnect()
      await t.close()
      await redis.stop()
    }
  })
})
