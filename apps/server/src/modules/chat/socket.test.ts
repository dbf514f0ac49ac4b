import { ChatMessage, ConversationList } from '@bazaar/contract/chat'
import { sessionEndedCloseCode } from '@bazaar/contract/chat-values'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../../test/app-harness.ts'
import { openChat } from '../../test/chat-helpers.ts'
import { testDialects } from '../../test/databases.ts'
import { merchantSession, quickBuyers, skuOfShop } from '../../test/order-helpers.ts'
import { openSocket, type TestSocket } from '../../test/socket-client.ts'
import { operatorHeaders } from '../../test/wallet-helpers.ts'
import { storeOrderMessage } from '../order/messages.ts'

describe.each(await testDialects())('chat socket on %s', (dialect) => {
  let t: TestApp
  let url: string
  let admin: Record<string, string>
  let merchant: { token: string; shopId: number; userId: number }
  const sockets: TestSocket[] = []
  /** Opens a socket that is closed after the suite. */
  const connect = async (token: string) => {
    const socket = await openSocket(url, token)
    sockets.push(socket)
    return socket
  }
  beforeAll(async () => {
    t = await createTestApp(dialect, { RATE_LIMIT_FACTOR: '10' })
    url = await t.app.listen({ port: 0, host: '127.0.0.1' })
    admin = await operatorHeaders(t)
    merchant = await merchantSession(t, 'Gadget Harbor')
  })
  afterAll(async () => {
    await Promise.all(sockets.map((s) => s.close()))
    await t?.close()
  })

  const sendOk = async (token: string, conversationId: number, text: string) =>
    (await t.post(`/api/chat/conversations/${conversationId}/messages`, { type: 'text', text }, { token, schema: ChatMessage })).body.data

  it('refuses a missing, bad or expired token before any socket exists, and a plain GET', async () => {
    const [user] = await quickBuyers(t, 1, 'none')
    await expect(openSocket(url, 'not-a-session-token')).rejects.toThrow('Unexpected server response: 401')
    await t.db.kysely
      .updateTable('sessions')
      .set({ expires_at_ms: Date.now() - 1 })
      .where('user_id', '=', user!.userId)
      .execute()
    await expect(openSocket(url, user!.token)).rejects.toThrow('Unexpected server response: 401')
    const plain = await t.get('/api/chat/socket', { token: merchant.token })
    expect(plain).toMatchObject({ status: 426, body: { msg: 'Websocket upgrade required' } })
    expect((await t.get('/api/chat/socket')).status).toBe(401)
  })

  it('binds at init, answers ping with pong, and serves the HTTP calls over the socket', async () => {
    const [user] = await quickBuyers(t, 1, 'none')
    const socket = await connect(user!.token)
    socket.send({ kind: 'init', cursors: [] })
    const init = await socket.next('init')
    expect(init.data).toMatchObject({ me: { id: user!.userId, service: false }, missed: [], more: [] })
    expect(init.data.clientId).toMatch(/^[0-9a-f]{8}\.\d+$/)
    socket.send({ kind: 'ping' })
    expect((await socket.next('pong')).data.atMs).toBeGreaterThan(0)

    const chat = await openChat(t, user!.token, { shopId: merchant.shopId })
    const sent = await socket.call({ kind: 'send', conversationId: chat.id, message: { type: 'text', text: 'over the socket' } })
    expect(sent).toMatchObject({ code: 1, msg: 'ok', data: { seq: 1, content: { text: 'over the socket' } } })
    const lists = await socket.call({ kind: 'lists' })
    expect(lists.data).toMatchObject({ items: [{ id: chat.id, last: { text: 'over the socket', fromMe: true } }] })
    expect(await socket.call({ kind: 'del', conversationId: 999_999 })).toMatchObject({ code: 0, msg: 'Conversation not found' })
    expect(await socket.call({ kind: 'send', conversationId: chat.id, message: { type: 'text', text: '' } })).toMatchObject({
      code: 0,
      msg: 'Invalid parameters',
    })
    socket.send('{not json')
    expect((await socket.next('reply', (r) => r.ref === null)).msg).toBe('Invalid parameters')
  })

  it('delivers a message live to every socket of both parties, and to nobody else', async () => {
    const [buyer, outsider] = await quickBuyers(t, 2, 'none')
    const chat = await openChat(t, buyer!.token, { shopId: merchant.shopId })
    const [buyerPhone, buyerLaptop, shopSocket, outsiderSocket] = await Promise.all(
      [buyer!.token, buyer!.token, merchant.token, outsider!.token].map(connect),
    )
    const sent = await sendOk(buyer!.token, chat.id, 'live hello')
    for (const socket of [buyerPhone!, buyerLaptop!, shopSocket!]) {
      const push = await socket.next('chat', (p) => p.data.id === sent.id)
      expect(push.data).toMatchObject({ conversationId: chat.id, seq: 1, content: { text: 'live hello' }, from: { id: buyer!.userId } })
    }
    const answer = await sendOk(merchant.token, chat.id, 'live answer')
    await buyerPhone!.next('chat', (p) => p.data.id === answer.id)
    await outsiderSocket!.none('chat')
    expect(outsiderSocket!.pushes).toEqual([])
  })

  it('sends a reconnecting client exactly what it missed after the last sequence it holds', async () => {
    const [buyer] = await quickBuyers(t, 1, 'none')
    const chat = await openChat(t, buyer!.token, { shopId: merchant.shopId })
    const first = await connect(buyer!.token)
    await sendOk(buyer!.token, chat.id, 'one')
    await sendOk(merchant.token, chat.id, 'two')
    const held = await first.next('chat', (p) => p.data.seq === 2)
    await first.close()
    for (const text of ['three', 'four', 'five']) await sendOk(merchant.token, chat.id, text)

    const again = await connect(buyer!.token)
    again.send({ kind: 'init', cursors: [{ conversationId: held.data.conversationId, seq: held.data.seq }] })
    const init = await again.next('init')
    expect(init.data.missed.map((m) => [m.seq, (m.content as { text: string }).text])).toEqual([
      [3, 'three'],
      [4, 'four'],
      [5, 'five'],
    ])
    // A conversation it does not belong to is skipped, not leaked.
    const [other] = await quickBuyers(t, 1, 'none')
    const theirs = await openChat(t, other!.token, { shopId: merchant.shopId })
    await sendOk(other!.token, theirs.id, 'private')
    again.send({ kind: 'init', cursors: [{ conversationId: theirs.id, seq: 0 }] })
    expect((await again.next('init', (p) => p !== init)).data.missed).toEqual([])
  })

  it('pushes recalls, changes made on another device, order messages after commit and announcements', async () => {
    const [buyer, bystander] = await quickBuyers(t, 2, 'none')
    const chat = await openChat(t, buyer!.token, { shopId: merchant.shopId })
    const [phone, laptop, shop, other] = await Promise.all([buyer!.token, buyer!.token, merchant.token, bystander!.token].map(connect))
    const sent = await sendOk(buyer!.token, chat.id, 'take this back')
    await t.post(`/api/chat/messages/${sent.id}/recall`, {}, { token: buyer!.token })
    expect((await shop!.next('recall')).data).toEqual({ conversationId: chat.id, messageId: sent.id, seq: sent.seq })

    await laptop!.call({ kind: 'read' })
    expect((await phone!.next('live')).data).toEqual({ reason: 'read', conversationId: null })

    const sku = await skuOfShop(t, 'Gadget Harbor')
    await t.post(
      '/api/orders',
      { lines: [{ listingId: sku.listing_id, skuId: sku.sku_id, quantity: 1 }], addressId: buyer!.addressId },
      { token: buyer!.token },
    )
    const order = await phone!.next('order')
    expect(order.data).toMatchObject({ source: 'order', tab: 'logistics', key: 'order.placed', read: false })

    // A message stored in a transaction that rolls back is never pushed.
    await t.db.kysely
      .transaction()
      .execute(async (trx) => {
        await storeOrderMessage(trx, {
          userId: buyer!.userId,
          key: 'order.paid',
          params: { orderNo: 'X1' },
          modules: 'order',
          modulesId: 1,
        })
        throw new Error('roll back')
      })
      .catch(() => undefined)
    await phone!.none('order', (p) => p.data.source === 'order' && p.data.key === 'order.paid')

    await t.post('/api/admin/notices', { title: 'Maintenance', body: 'Sunday 02:00 UTC, ten minutes.' }, { headers: admin })
    for (const socket of [phone!, shop!, other!])
      expect((await socket.next('notice')).data).toMatchObject({ source: 'system', title: 'Maintenance' })
    await other!.none('order')
  })

  it('tells the writer how far the other side has read (push read), lists it as peerReadSeq, and says nothing when nothing moved', async () => {
    const [buyer] = await quickBuyers(t, 1, 'none')
    const chat = await openChat(t, buyer!.token, { shopId: merchant.shopId })
    const writer = await connect(buyer!.token)
    const first = await sendOk(buyer!.token, chat.id, 'one')
    const second = await sendOk(buyer!.token, chat.id, 'two')
    const peerReadSeq = async (token: string) =>
      (await t.get('/api/chat/conversations', { token, schema: ConversationList })).body.data.items.find((c) => c.id === chat.id)
        ?.peerReadSeq
    expect(await peerReadSeq(buyer!.token)).toBe(0)

    await t.post(`/api/chat/conversations/${chat.id}/read`, { seq: first.seq }, { token: merchant.token })
    expect((await writer.next('read')).data).toEqual({ conversationId: chat.id, seq: first.seq })
    expect(await peerReadSeq(buyer!.token)).toBe(first.seq)
    // The same mark again, or one behind it, moves nothing and tells nobody.
    const readPushes = () => writer.pushes.filter((p) => p.kind === 'read').length
    const told = readPushes()
    await t.post(`/api/chat/conversations/${chat.id}/read`, { seq: first.seq }, { token: merchant.token })
    await new Promise((resolve) => setTimeout(resolve, 500))
    expect(readPushes()).toBe(told)
    // Reading every conversation at once reaches the writer too.
    await t.post('/api/chat/read', {}, { token: merchant.token })
    expect((await writer.next('read', (p) => p.data.seq === second.seq)).data).toEqual({ conversationId: chat.id, seq: second.seq })
    expect(await peerReadSeq(buyer!.token)).toBe(second.seq)
    // Seen from the merchant: the writer has read up to what they wrote themselves.
    expect(await peerReadSeq(merchant.token)).toBe(second.seq)
  })

  it('tells a buyer when customer service has read their messages', async () => {
    const [buyer] = await quickBuyers(t, 1, 'none')
    const service = await openChat(t, buyer!.token, { service: true })
    const socket = await connect(buyer!.token)
    const asked = await sendOk(buyer!.token, service.id, 'Where is my refund?')
    await t.post(`/api/admin/service/conversations/${service.id}/read`, {}, { headers: admin })
    expect((await socket.next('read')).data).toEqual({ conversationId: service.id, seq: asked.seq })
    const listed = (await t.get('/api/chat/conversations', { token: buyer!.token, schema: ConversationList })).body.data.items
    expect(listed.find((c) => c.id === service.id)?.peerReadSeq).toBe(asked.seq)
  })

  it('closes the sockets of a session that ends while they are open', async () => {
    const [user] = await quickBuyers(t, 1, 'none')
    const socket = await connect(user!.token)
    await t.post('/api/auth/logout', {}, { token: user!.token })
    // The node checks each socket's session once a minute; the test asks for the check now.
    await t.app.chatRealtime.sweep(true)
    expect((await socket.closed).code).toBe(sessionEndedCloseCode)
  })
})
