import { ChatMessage, FlaggedPage } from '@bazaar/contract/chat'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { createTestApp, type TestApp } from '../../test/app-harness.ts'
import { openChat, postFile, webmClip } from '../../test/chat-helpers.ts'
import { testDialects } from '../../test/databases.ts'
import { merchantSession, quickBuyers, skuOfShop } from '../../test/order-helpers.ts'
import { operatorHeaders, proofPng } from '../../test/wallet-helpers.ts'

const Uploaded = z.object({ id: z.number().int() })

/** What a message can carry: photos and voice clips through the upload checks, goods cards, and the safety warning. */
describe.each(await testDialects())('chat content on %s', (dialect) => {
  let t: TestApp
  let admin: Record<string, string>
  let merchant: { token: string; shopId: number; userId: number }
  let buyer: { token: string; userId: number; addressId: number }
  let stranger: { token: string; userId: number; addressId: number }
  beforeAll(async () => {
    t = await createTestApp(dialect)
    admin = await operatorHeaders(t)
    merchant = await merchantSession(t, 'Gadget Harbor')
    ;[buyer, stranger] = (await quickBuyers(t, 2, 'none')) as [typeof buyer, typeof stranger]
  })
  afterAll(async () => t?.close())

  const send = (token: string, conversationId: number, body: object) =>
    t.post(`/api/chat/conversations/${conversationId}/messages`, body, { token })
  const sendOk = async (token: string, conversationId: number, body: object) =>
    (await t.post(`/api/chat/conversations/${conversationId}/messages`, body, { token, schema: ChatMessage })).body.data

  it('sends images and voice clips through the upload checks, readable by the conversation only', async () => {
    const chat = await openChat(t, buyer.token, { shopId: merchant.shopId })
    const image = (await postFile(t, '/api/uploads?purpose=chat_image', buyer.token, await proofPng(), 'photo.png')).body.data as {
      id: number
      width: number
    }
    expect(image.width).toBe(64)
    const sent = await sendOk(buyer.token, chat.id, { type: 'img', uploadId: image.id })
    expect(sent.content).toEqual({ uploadId: image.id, width: 64, height: 48 })
    const file = await t.app.inject({ method: 'GET', url: `/api/chat/messages/${sent.id}/file`, headers: { token: merchant.token } })
    expect([file.statusCode, file.headers['content-type']]).toEqual([200, 'image/png'])
    expect((await t.get(`/api/chat/messages/${sent.id}/file`, { token: stranger.token })).body.msg).toBe('Message not found')
    // A proof upload cannot be sent as a chat image, nor someone else's.
    const proof = Uploaded.parse((await postFile(t, '/api/uploads', buyer.token, await proofPng())).body.data)
    expect((await send(buyer.token, chat.id, { type: 'img', uploadId: proof.id })).body.msg).toBe('Upload not found')
    expect((await send(merchant.token, chat.id, { type: 'img', uploadId: image.id })).body.msg).toBe('Upload not found')

    const voice = Uploaded.parse((await postFile(t, '/api/uploads/voice', buyer.token, webmClip(), 'voice.webm')).body.data)
    const clip = await sendOk(buyer.token, chat.id, { type: 'voice', uploadId: voice.id, durationS: 4 })
    expect(clip.content).toEqual({ uploadId: voice.id, durationS: 4 })
    const audio = await t.app.inject({ method: 'GET', url: `/api/chat/messages/${clip.id}/file`, headers: { token: merchant.token } })
    expect(audio.headers['content-type']).toBe('audio/webm')
    for (const bad of [webmClip(['V_VP8']), webmClip(['A_OPUS', 'V_VP8']), await proofPng(), Buffer.from('not audio at all')])
      expect((await postFile(t, '/api/uploads/voice', buyer.token, bad)).body.msg).toBe('Invalid audio')
    expect((await send(buyer.token, chat.id, { type: 'voice', uploadId: voice.id, durationS: 61 })).body.msg).toBe('Invalid parameters')
  })

  it('snapshots a goods card from the catalogue', async () => {
    const chat = await openChat(t, buyer.token, { shopId: merchant.shopId })
    const sku = await skuOfShop(t, 'Gadget Harbor')
    const card = await sendOk(buyer.token, chat.id, { type: 'goods', listingId: sku.listing_id })
    expect(card.content).toMatchObject({ listingId: sku.listing_id, priceCents: sku.price_cents })
    expect((await send(buyer.token, chat.id, { type: 'goods', listingId: 999_999 })).body.msg).toBe('Product not found')
  })

  it('warns the buyer about a merchant’s off-platform payment signs and lists them for operators', async () => {
    const chat = await openChat(t, buyer.token, { shopId: merchant.shopId })
    const risky = await sendOk(merchant.token, chat.id, {
      type: 'text',
      text: 'Cheaper if you pay me directly: TJRabPrwbZy45sbavfcjinPJC18kjpRTv8',
    })
    expect(risky.warning).toBe(true)
    // The same words from a buyer are not a merchant steering anyone.
    expect(
      (await sendOk(buyer.token, chat.id, { type: 'text', text: 'Can I pay me directly? TJRabPrwbZy45sbavfcjinPJC18kjpRTv8' })).warning,
    ).toBe(false)
    expect((await sendOk(merchant.token, chat.id, { type: 'text', text: 'Shipped today with DHL.' })).warning).toBe(false)
    const flagged = (await t.get('/api/admin/chat/flagged', { headers: admin, schema: FlaggedPage })).body.data.items
    expect(flagged[0]).toMatchObject({
      id: risky.id,
      from: { id: merchant.userId, name: 'Gadget Harbor' },
      flags: ['wallet', 'offPlatform'],
    })
    expect(flagged.map((f) => f.id)).not.toContain(risky.id + 1)
  })
})
