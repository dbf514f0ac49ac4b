import { ChatMessage, ConversationList, MessagePage, ServiceConversationPage, Shake } from '@bazaar/contract/chat'
import { chatSendLimit, recallWindowMs } from '@bazaar/contract/chat-values'
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { createTestApp, type TestApp } from '../../test/app-harness.ts'
import { openChat } from '../../test/chat-helpers.ts'
import { testDialects } from '../../test/databases.ts'
import { merchantSession, quickBuyers, skuOfShop } from '../../test/order-helpers.ts'
import { operatorHeaders } from '../../test/wallet-helpers.ts'

describe.each(await testDialects())('chat over HTTP on %s', (dialect) => {
  let t: TestApp
  let admin: Record<string, string>
  let merchant: { token: string; shopId: number; userId: number }
  let otherMerchant: { token: string; shopId: number; userId: number }
  let buyer: { token: string; userId: number; addressId: number }
  let stranger: { token: string; userId: number; addressId: number }
  beforeAll(async () => {
    // Raised limit: the 100 concurrent sends below come from one user.
    t = await createTestApp(dialect, { RATE_LIMIT_FACTOR: '10' })
    admin = await operatorHeaders(t)
    merchant = await merchantSession(t, 'Gadget Harbor')
    otherMerchant = await merchantSession(t, 'Casa Verde')
    ;[buyer, stranger] = (await quickBuyers(t, 2, 'none')) as [typeof buyer, typeof stranger]
  })
  afterAll(async () => t?.close())

  const send = (token: string, conversationId: number, body: object) =>
    t.post(`/api/chat/conversations/${conversationId}/messages`, body, { token })
  const sendOk = async (token: string, conversationId: number, body: object) =>
    (await t.post(`/api/chat/conversations/${conversationId}/messages`, body, { token, schema: ChatMessage })).body.data
  const list = async (token: string) => (await t.get('/api/chat/conversations', { token, schema: ConversationList })).body.data
  const messages = async (token: string, conversationId: number, query = '') =>
    (await t.get(`/api/chat/conversations/${conversationId}/messages${query}`, { token, schema: MessagePage })).body.data

  it('lets a buyer write to a shop, counts unread from the reader’s last-read sequence, and reads', async () => {
    const chat = await openChat(t, buyer.token, { shopId: merchant.shopId })
    expect(chat.peer).toMatchObject({ id: merchant.userId, name: 'Gadget Harbor', shopId: merchant.shopId, service: false })
    const first = await sendOk(buyer.token, chat.id, { type: 'text', text: 'Is the blue one in stock?' })
    const second = await sendOk(buyer.token, chat.id, { type: 'text', text: 'And in size M?' })
    expect([first.seq, second.seq]).toEqual([1, 2])
    expect(first).toMatchObject({ type: 'text', content: { text: 'Is the blue one in stock?' }, toId: merchant.userId, warning: false })

    const merchantList = await list(merchant.token)
    expect(merchantList.items[0]).toMatchObject({
      id: chat.id,
      unread: 2,
      lastSeq: 2,
      last: { type: 'text', text: 'And in size M?', fromMe: false },
    })
    expect(merchantList.unread).toBe(2)
    // The writer's own messages are never unread to them.
    expect((await list(buyer.token)).items.find((c) => c.id === chat.id)?.unread).toBe(0)

    await t.post(`/api/chat/conversations/${chat.id}/read`, { seq: 1 }, { token: merchant.token })
    expect((await list(merchant.token)).items[0]?.unread).toBe(1)
    await sendOk(merchant.token, chat.id, { type: 'text', text: 'Yes, both.' })
    // Answering reads what came before.
    expect((await list(merchant.token)).items[0]?.unread).toBe(0)
    expect((await list(buyer.token)).items.find((c) => c.id === chat.id)?.unread).toBe(1)
    await t.post('/api/chat/read', {}, { token: buyer.token })
    expect((await list(buyer.token)).unread).toBe(0)
  })

  it('refuses a buyer writing to a non-merchant, and a merchant writing first to someone who never ordered', async () => {
    expect(await t.post('/api/chat/conversations', { userId: stranger.userId }, { token: buyer.token })).toMatchObject({
      status: 400,
      body: { msg: 'other party is not a merchant' },
    })
    expect(await t.post('/api/chat/conversations', { userId: stranger.userId }, { token: merchant.token })).toMatchObject({
      body: { msg: 'other party is not a merchant' },
    })
    expect((await t.post('/api/chat/conversations', { shopId: 999_999 }, { token: buyer.token })).body.msg).toBe('Shop not found')
    expect((await t.post('/api/chat/conversations', { shopId: merchant.shopId }, { token: merchant.token })).body.msg).toBe(
      'other party is not a merchant',
    )
    // Once the stranger has ordered from the shop, its merchant may write to them.
    const sku = await skuOfShop(t, 'Gadget Harbor')
    await t.post(
      '/api/orders',
      { lines: [{ listingId: sku.listing_id, skuId: sku.sku_id, quantity: 1 }], addressId: stranger.addressId },
      { token: stranger.token },
    )
    const chat = await openChat(t, merchant.token, { userId: stranger.userId })
    expect((await sendOk(merchant.token, chat.id, { type: 'text', text: 'Thanks for your order!' })).seq).toBe(1)
    // A merchant is a buyer elsewhere: writing to another shop is fine.
    await openChat(t, merchant.token, { shopId: otherMerchant.shopId })
  })

  it('lets a merchant answer someone who wrote to the shop, and nobody else read their conversation', async () => {
    const [writer] = await quickBuyers(t, 1, 'none')
    const chat = await openChat(t, writer!.token, { shopId: otherMerchant.shopId })
    await sendOk(writer!.token, chat.id, { type: 'text', text: 'hello' })
    expect((await openChat(t, otherMerchant.token, { userId: writer!.userId })).id).toBe(chat.id)
    await sendOk(otherMerchant.token, chat.id, { type: 'text', text: 'hi!' })
    for (const outsider of [stranger.token, merchant.token]) {
      expect((await t.get(`/api/chat/conversations/${chat.id}/messages`, { token: outsider })).body.msg).toBe('Conversation not found')
      expect((await send(outsider, chat.id, { type: 'text', text: 'me too' })).body.msg).toBe('Conversation not found')
    }
  })

  it('needs IM switched on (operators switch it per user), and keeps customer service open', async () => {
    const [user] = await quickBuyers(t, 1, 'none')
    const chat = await openChat(t, user!.token, { shopId: merchant.shopId })
    await t.post(`/api/admin/users/${user!.userId}/im`, { active: false }, { headers: admin })
    expect(await send(user!.token, chat.id, { type: 'text', text: 'hello?' })).toMatchObject({
      status: 400,
      body: { msg: 'Please activate IM instant messaging service' },
    })
    expect((await t.post('/api/chat/conversations', { shopId: otherMerchant.shopId }, { token: user!.token })).body.msg).toBe(
      'Please activate IM instant messaging service',
    )
    expect((await t.post('/api/chat/shake', { clientId: 'x' }, { token: user!.token, schema: Shake })).body.data.imActive).toBe(false)
    const service = await openChat(t, user!.token, { service: true })
    expect((await sendOk(user!.token, service.id, { type: 'text', text: 'Why is my chat off?' })).toId).toBe(0)
    await t.post(`/api/admin/users/${user!.userId}/im`, { active: true }, { headers: admin })
    expect((await sendOk(user!.token, chat.id, { type: 'text', text: 'hello again' })).seq).toBe(1)
    const audit = await t.db.kysely.selectFrom('audit_log').select('action').where('target_id', '=', String(user!.userId)).execute()
    expect(audit.map((a) => a.action)).toEqual(['im.off', 'im.on'])
  })

  it('recalls one’s own message within 2 minutes only, and shows it recalled to both', async () => {
    const chat = await openChat(t, buyer.token, { shopId: merchant.shopId })
    const message = await sendOk(buyer.token, chat.id, { type: 'text', text: 'oops, wrong chat' })
    expect((await t.post(`/api/chat/messages/${message.id}/recall`, {}, { token: merchant.token })).body.msg).toBe('Message not found')
    await t.post(`/api/chat/messages/${message.id}/recall`, {}, { token: buyer.token, schema: z.null() })
    const seen = (await messages(merchant.token, chat.id)).items.find((m) => m.id === message.id)
    expect(seen).toMatchObject({ content: null, type: 'text' })
    expect(seen?.recalledAtMs).toBeGreaterThan(0)

    const late = await sendOk(buyer.token, chat.id, { type: 'text', text: 'too late to take back' })
    await t.db.kysely
      .updateTable('chat_messages')
      .set({ created_at_ms: Date.now() - recallWindowMs - 1000 })
      .where('id', '=', late.id)
      .execute()
    expect(await t.post(`/api/chat/messages/${late.id}/recall`, {}, { token: buyer.token })).toMatchObject({
      status: 409,
      body: { msg: 'Recall time exceeded' },
    })
  })

  it('deletes a conversation from one list until its next message, and clears one side’s history', async () => {
    const chat = await openChat(t, buyer.token, { shopId: otherMerchant.shopId })
    await sendOk(buyer.token, chat.id, { type: 'text', text: 'one' })
    await sendOk(otherMerchant.token, chat.id, { type: 'text', text: 'two' })
    await t.delete(`/api/chat/conversations/${chat.id}`, { token: buyer.token, schema: z.null() })
    expect((await list(buyer.token)).items.map((c) => c.id)).not.toContain(chat.id)
    expect((await list(otherMerchant.token)).items.map((c) => c.id)).toContain(chat.id)
    await sendOk(otherMerchant.token, chat.id, { type: 'text', text: 'three' })
    expect((await list(buyer.token)).items.find((c) => c.id === chat.id)).toMatchObject({ unread: 1, last: { text: 'three' } })

    await t.post(`/api/chat/conversations/${chat.id}/clear`, {}, { token: buyer.token, schema: z.null() })
    expect((await messages(buyer.token, chat.id)).items).toEqual([])
    expect((await list(buyer.token)).items.find((c) => c.id === chat.id)).toMatchObject({ unread: 0, last: null })
    expect((await messages(otherMerchant.token, chat.id)).items.map((m) => (m.content as { text: string }).text)).toEqual([
      'one',
      'two',
      'three',
    ])
  })

  it('pages history after and before a sequence', async () => {
    const [user] = await quickBuyers(t, 1, 'none')
    const chat = await openChat(t, user!.token, { shopId: merchant.shopId })
    for (let n = 1; n <= 7; n++) await sendOk(user!.token, chat.id, { type: 'text', text: `m${n}` })
    const seqs = (page: { items: { seq: number }[] }) => page.items.map((m) => m.seq)
    expect(seqs(await messages(user!.token, chat.id, '?afterSeq=2&limit=3'))).toEqual([3, 4, 5])
    expect((await messages(user!.token, chat.id, '?afterSeq=2&limit=3')).more).toBe(true)
    expect(seqs(await messages(user!.token, chat.id, '?limit=3'))).toEqual([5, 6, 7])
    expect(seqs(await messages(user!.token, chat.id, '?beforeSeq=5&limit=3'))).toEqual([2, 3, 4])
    expect((await messages(user!.token, chat.id, '?afterSeq=5')).more).toBe(false)
  })

  it('gives exactly one message per sequence number to 100 concurrent sends, and a retried clientKey once', async () => {
    const [user] = await quickBuyers(t, 1, 'none')
    const chat = await openChat(t, user!.token, { shopId: merchant.shopId })
    // The buyer writes first, so that the merchant may answer.
    await sendOk(user!.token, chat.id, { type: 'text', text: 'first' })
    const replies = await Promise.all(
      Array.from({ length: 100 }, (_, n) =>
        send(n % 2 === 0 ? user!.token : merchant.token, chat.id, { type: 'text', text: `burst ${n}` }),
      ),
    )
    expect(replies.map((r) => r.status)).toEqual(Array(100).fill(200))
    const seqs = replies.map((r) => (r.body.data as { seq: number }).seq).sort((a, b) => a - b)
    expect(seqs).toEqual(Array.from({ length: 100 }, (_, n) => n + 2))
    // The unique index is what guarantees it: a second row with a taken number is refused.
    const taken = await t.db.kysely
      .selectFrom('chat_messages')
      .selectAll()
      .where('conversation_id', '=', chat.id)
      .where('seq', '=', 1)
      .executeTakeFirstOrThrow()
    const { id: _id, ...copy } = taken
    await expect(t.db.kysely.insertInto('chat_messages').values(copy).execute()).rejects.toThrow(/unique|duplicate/i)

    const twice = await Promise.all(
      [1, 2].map(() => send(user!.token, chat.id, { type: 'text', text: 'sent once', clientKey: 'retry-key-0001' })),
    )
    expect(twice.map((r) => r.status)).toEqual([200, 200])
    const [a, b] = twice.map((r) => r.body.data as { id: number; seq: number })
    expect(a).toEqual(b)
    expect(a?.seq).toBe(102)
    const last = await t.db.kysely.selectFrom('chat_conversations').select('last_seq').where('id', '=', chat.id).executeTakeFirstOrThrow()
    expect(last.last_seq).toBe(102)
  })

  it('limits sending per user', async () => {
    const [user] = await quickBuyers(t, 1, 'none')
    const chat = await openChat(t, user!.token, { shopId: merchant.shopId })
    const max = chatSendLimit.max * 10
    // All at once, well inside one window: exactly the limit gets through.
    const replies = await Promise.all(
      Array.from({ length: max + 1 }, (_, n) => send(user!.token, chat.id, { type: 'text', text: `n${n}` })),
    )
    const statuses = replies.map((r) => r.status)
    expect(statuses.filter((s) => s === 200)).toHaveLength(max)
    expect(replies.find((r) => r.status === 429)?.body.msg).toBe('Too many requests')
  })

  it('lets operators answer customer service from the console', async () => {
    const [user] = await quickBuyers(t, 1, 'none')
    const service = await openChat(t, user!.token, { service: true })
    expect(service.peer).toEqual({ id: 0, name: '', shopId: null, service: true })
    await sendOk(user!.token, service.id, { type: 'text', text: 'Where is my refund?' })
    const inbox = (await t.get('/api/admin/service/conversations', { headers: admin, schema: ServiceConversationPage })).body.data.items
    expect(inbox[0]).toMatchObject({ id: service.id, buyer: { id: user!.userId }, unread: 1, last: { text: 'Where is my refund?' } })
    const answer = (
      await t.post(
        `/api/admin/service/conversations/${service.id}/messages`,
        { text: 'It is on its way.' },
        { headers: admin, schema: ChatMessage },
      )
    ).body.data
    expect(answer).toMatchObject({ seq: 2, from: { service: true, id: 0 }, toId: user!.userId })
    const mine = (await list(user!.token)).items.find((c) => c.id === service.id)
    expect(mine).toMatchObject({ kind: 'service', unread: 1, last: { text: 'It is on its way.' } })
    const after = (await t.get('/api/admin/service/conversations', { headers: admin, schema: ServiceConversationPage })).body.data.items
    expect(after.find((c) => c.id === service.id)?.unread).toBe(0)
    // A buyer's direct conversation is not a service one.
    const direct = await openChat(t, user!.token, { shopId: merchant.shopId })
    expect((await t.post(`/api/admin/service/conversations/${direct.id}/messages`, { text: 'x' }, { headers: admin })).body.msg).toBe(
      'Conversation not found',
    )
    expect(
      (await t.get('/api/admin/service/conversations', { headers: admin, schema: ServiceConversationPage })).body.data.items.map(
        (c) => c.id,
      ),
    ).not.toContain(direct.id)
  })

  it('keeps one conversation per pair when both sides open it at once', async () => {
    const [user] = await quickBuyers(t, 1, 'none')
    const opened = await Promise.all(
      Array.from({ length: 8 }, () => t.post('/api/chat/conversations', { shopId: merchant.shopId }, { token: user!.token })),
    )
    expect(new Set(opened.map((r) => (r.body.data as { id: number }).id)).size).toBe(1)
    const count = await sql<{
      n: number
    }>`select count(*) as n from chat_conversations where low_user_id = ${Math.min(user!.userId, merchant.userId)}
      and high_user_id = ${Math.max(user!.userId, merchant.userId)}`.execute(t.db.kysely)
    expect(Number(count.rows[0]?.n)).toBe(1)
  })
})
