import { ChatMessage, Conversation } from '@bazaar/contract/chat'
import { Redis } from 'ioredis'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { z } from 'zod'
import type { Db } from '../../db/database.ts'
import { newInvitationCode, newSessionToken, sha256 } from '../../platform/tokens.ts'
import { testDialects } from '../../test/databases.ts'
import { openSocket, type TestSocket } from '../../test/socket-client.ts'
import { type NodeProcess, type Nodes, startNodes } from '../../test/two-nodes.ts'

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

const ready = (await redisReachable()) && (await testDialects()).includes('postgres')
if (!ready && process.env.CI === 'true') throw new Error('the two-node chat tests need PostgreSQL and Redis; run .ci/start-services.sh')

/** A session for a user, written straight to the shared database. */
async function sessionFor(db: Db, userId: number): Promise<string> {
  const token = newSessionToken()
  await db.kysely
    .insertInto('sessions')
    .values({
      token_hash: sha256(token),
      user_id: userId,
      created_at_ms: Date.now(),
      expires_at_ms: Date.now() + 3_600_000,
      revoked_at_ms: null,
    })
    .execute()
  return token
}

async function newBuyer(db: Db): Promise<{ userId: number; token: string }> {
  const user = await db.kysely
    .insertInto('users')
    .values({
      email: `nodes-${newInvitationCode()}@example.com`,
      password_hash: 'not-for-login',
      nickname: `nodes_${newInvitationCode()}`,
      invitation_code: newInvitationCode(),
      payment_password_hash: null,
      created_at_ms: Date.now(),
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  return { userId: user.id, token: await sessionFor(db, user.id) }
}

/** A JSON call to a node; throws with the reply when it is not a success. */
async function call<S extends z.ZodType>(
  baseUrl: string,
  token: string,
  method: string,
  path: string,
  body: unknown,
  schema: S,
): Promise<z.output<S>> {
  const res = await fetch(`${baseUrl}/api${path}`, {
    method,
    headers: { token, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  })
  const reply = (await res.json()) as { code: number; data: unknown }
  if (reply.code !== 1) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(reply)}`)
  return schema.parse(reply.data)
}

/**
 * Scale-out (ARCHITECTURE.md): two real server processes on one PostgreSQL and one Redis.
 * Clients on different nodes talk live; a client whose node dies reconnects to the other
 * and gets every message; nobody hears another's conversation.
 */
describe.skipIf(!ready)('chat across two server nodes', () => {
  let cluster: Nodes
  let merchant: { userId: number; token: string; shopId: number }
  const sockets: TestSocket[] = []
  const connect = async (url: string, token: string) => {
    const socket = await openSocket(url, token)
    sockets.push(socket)
    return socket
  }
  beforeAll(async () => {
    cluster = await startNodes({ redisUrl, env: { RATE_LIMIT_FACTOR: '20' } })
    const shop = await cluster.database.db.kysely
      .selectFrom('shops')
      .select(['id', 'owner_user_id'])
      .where('name', '=', 'Gadget Harbor')
      .executeTakeFirstOrThrow()
    merchant = { userId: shop.owner_user_id, shopId: shop.id, token: await sessionFor(cluster.database.db, shop.owner_user_id) }
  }, 240_000)
  afterAll(async () => {
    await Promise.all(sockets.map((s) => s.close()))
    await cluster?.close()
  })

  it('delivers a message from a client on node A to a client on node B, and back', async () => {
    const [a, b] = cluster.nodes as [NodeProcess, NodeProcess]
    const buyer = await newBuyer(cluster.database.db)
    const chat = await call(a.url, buyer.token, 'POST', '/chat/conversations', { shopId: merchant.shopId }, Conversation)
    const buyerOnA = await connect(a.url, buyer.token)
    const merchantOnB = await connect(b.url, merchant.token)
    buyerOnA.send({ kind: 'init', cursors: [] })
    merchantOnB.send({ kind: 'init', cursors: [] })
    await Promise.all([buyerOnA.next('init'), merchantOnB.next('init')])

    const startedMs = Date.now()
    const sent = await buyerOnA.call({ kind: 'send', conversationId: chat.id, message: { type: 'text', text: 'hello from node A' } })
    const heard = await merchantOnB.next('chat', (p) => p.data.id === (sent.data as { id: number }).id)
    expect(heard.data).toMatchObject({ seq: 1, from: { id: buyer.userId }, content: { text: 'hello from node A' } })
    const acrossMs = Date.now() - startedMs

    const answer = await call(
      b.url,
      merchant.token,
      'POST',
      `/chat/conversations/${chat.id}/messages`,
      { type: 'text', text: 'hello from node B' },
      ChatMessage,
    )
    expect((await buyerOnA.next('chat', (p) => p.data.id === answer.id)).data.seq).toBe(2)
    expect(acrossMs).toBeLessThan(5000)
  })

  it('finds every message after its node is killed and the client reconnects to the other node', async () => {
    const buyer = await newBuyer(cluster.database.db)
    const [victim, survivor] = cluster.nodes as [NodeProcess, NodeProcess]
    const chat = await call(survivor.url, buyer.token, 'POST', '/chat/conversations', { shopId: merchant.shopId }, Conversation)
    await call(survivor.url, buyer.token, 'POST', `/chat/conversations/${chat.id}/messages`, { type: 'text', text: 'start' }, ChatMessage)

    // The client keeps what it hears, as the shop's device history does, and the last sequence it holds.
    const held = new Map<number, string>()
    const keep = (socket: TestSocket) => {
      const record = () => {
        for (const push of socket.pushes)
          if (push.kind === 'chat' && push.data.conversationId === chat.id)
            held.set(push.data.seq, (push.data.content as { text: string }).text)
          else if (push.kind === 'init') for (const m of push.data.missed) held.set(m.seq, (m.content as { text: string }).text)
      }
      socket.raw.on('message', record)
      return record
    }
    const onVictim = await openSocket(victim.url, buyer.token)
    keep(onVictim)
    onVictim.send({ kind: 'init', cursors: [{ conversationId: chat.id, seq: 0 }] })
    await onVictim.next('init')

    const total = 40
    const sending = (async () => {
      for (let n = 1; n <= total; n++) {
        await call(
          survivor.url,
          merchant.token,
          'POST',
          `/chat/conversations/${chat.id}/messages`,
          { type: 'text', text: `m${n}` },
          ChatMessage,
        )
        await new Promise((r) => setTimeout(r, 25))
      }
    })()
    await onVictim.next('chat', (p) => p.data.seq >= 10)
    await victim.kill()
    const { code } = await onVictim.closed
    expect(code).toBe(1006)
    const lastHeld = Math.max(0, ...held.keys())
    expect(lastHeld).toBeGreaterThanOrEqual(10)

    const onSurvivor = await connect(survivor.url, buyer.token)
    const record = keep(onSurvivor)
    onSurvivor.send({ kind: 'init', cursors: [{ conversationId: chat.id, seq: lastHeld }] })
    await onSurvivor.next('init')
    await sending
    await onSurvivor.next('chat', (p) => p.data.seq === total + 1).catch(() => undefined)
    record()
    expect([...held.keys()].sort((x, y) => x - y)).toEqual(Array.from({ length: total + 1 }, (_, i) => i + 1))
    expect(held.get(total + 1)).toBe(`m${total}`)
    await cluster.restart(0)
  }, 120_000)

  it('never delivers one user’s messages to another, on either node', async () => {
    const [a, b] = cluster.nodes as [NodeProcess, NodeProcess]
    const buyer = await newBuyer(cluster.database.db)
    const eavesdropper = await newBuyer(cluster.database.db)
    const chat = await call(a.url, buyer.token, 'POST', '/chat/conversations', { shopId: merchant.shopId }, Conversation)
    const listeners = await Promise.all([connect(a.url, eavesdropper.token), connect(b.url, eavesdropper.token)])
    const merchantOnA = await connect(a.url, merchant.token)
    for (let n = 0; n < 5; n++)
      await call(
        n % 2 ? a.url : b.url,
        buyer.token,
        'POST',
        `/chat/conversations/${chat.id}/messages`,
        { type: 'text', text: `secret ${n}` },
        ChatMessage,
      )
    await merchantOnA.next('chat', (p) => (p.data.content as { text: string }).text === 'secret 4')
    for (const socket of listeners) await socket.none('chat', () => true, 300)
    for (const socket of listeners) expect(socket.pushes).toEqual([])
    const peek = await fetch(`${b.url}/api/chat/conversations/${chat.id}/messages`, { headers: { token: eavesdropper.token } })
    expect([peek.status, ((await peek.json()) as { msg: string }).msg]).toEqual([404, 'Conversation not found'])
  })
})
