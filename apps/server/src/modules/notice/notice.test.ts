import { AnnouncementPage, NoticeCounts, NoticePage } from '@bazaar/contract/notices'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { createTestApp, type TestApp } from '../../test/app-harness.ts'
import { testDialects } from '../../test/databases.ts'
import { quickBuyers, skuOfShop } from '../../test/order-helpers.ts'
import { operatorHeaders } from '../../test/wallet-helpers.ts'
import { storeOrderMessage } from '../order/messages.ts'

describe.each(await testDialects())('message tabs on %s', (dialect) => {
  let t: TestApp
  let admin: Record<string, string>
  beforeAll(async () => {
    t = await createTestApp(dialect)
    admin = await operatorHeaders(t)
  })
  afterAll(async () => t?.close())

  const counts = async (token: string) => (await t.get('/api/notices/counts', { token, schema: NoticeCounts })).body.data
  const tab = async (token: string, name: string, query = '') =>
    (await t.get(`/api/notices?tab=${name}${query}`, { token, schema: NoticePage })).body.data

  it('lists order messages under logistics and refund messages under interaction, with read state', async () => {
    const [buyer] = await quickBuyers(t, 1, 'none')
    const sku = await skuOfShop(t, 'Casa Verde')
    await t.post(
      '/api/orders',
      { lines: [{ listingId: sku.listing_id, skuId: sku.sku_id, quantity: 1 }], addressId: buyer!.addressId },
      { token: buyer!.token },
    )
    await t.db.kysely.transaction().execute(async (trx) => {
      await storeOrderMessage(trx, {
        userId: buyer!.userId,
        key: 'refund.refused',
        params: { refundNo: 'R1', reason: 'used' },
        modules: 'refund',
        modulesId: 1,
      })
      await storeOrderMessage(trx, {
        userId: buyer!.userId,
        key: 'refund.succeeded',
        params: { refundNo: 'R2' },
        modules: 'refund',
        modulesId: 2,
      })
    })
    expect(await counts(buyer!.token)).toEqual({ logistics: 1, interaction: 2, system: 0 })
    const logistics = await tab(buyer!.token, 'logistics')
    expect(logistics.items).toHaveLength(1)
    expect(logistics.items[0]).toMatchObject({ source: 'order', tab: 'logistics', key: 'order.placed', modules: 'order', read: false })
    const interaction = await tab(buyer!.token, 'interaction', '&limit=1')
    expect(interaction.items[0]).toMatchObject({ key: 'refund.succeeded', params: { refundNo: 'R2' } })
    const rest = await tab(buyer!.token, 'interaction', `&limit=1&cursor=${interaction.nextCursor}`)
    expect(rest).toMatchObject({ items: [{ key: 'refund.refused', params: { refundNo: 'R1', reason: 'used' } }], nextCursor: null })

    await t.post('/api/notices/read', { tab: 'interaction', id: rest.items[0]!.id }, { token: buyer!.token, schema: z.null() })
    expect(await counts(buyer!.token)).toEqual({ logistics: 1, interaction: 1, system: 0 })
    await t.post('/api/notices/read', { tab: 'logistics' }, { token: buyer!.token, schema: z.null() })
    expect((await tab(buyer!.token, 'logistics')).items[0]?.read).toBe(true)
    expect(await counts(buyer!.token)).toEqual({ logistics: 0, interaction: 1, system: 0 })
  })

  it('lists operators’ announcements under system notice for everyone, read per person', async () => {
    const [first, second] = await quickBuyers(t, 2, 'none')
    await t.post('/api/admin/notices', { title: 'New payment network', body: 'USDT on Polygon is open.' }, { headers: admin })
    await t.post('/api/admin/notices', { title: 'Holiday shipping', body: 'Orders ship after 2 January.' }, { headers: admin })
    expect((await counts(first!.token)).system).toBe(2)
    const items = (await tab(first!.token, 'system')).items
    expect(items.map((i) => i.source === 'system' && i.title)).toEqual(['Holiday shipping', 'New payment network'])
    await t.post('/api/notices/read', { tab: 'system', id: items[1]!.id }, { token: first!.token })
    expect((await counts(first!.token)).system).toBe(1)
    await t.post('/api/notices/read', { tab: 'system' }, { token: first!.token })
    await t.post('/api/notices/read', { tab: 'system' }, { token: first!.token })
    expect((await counts(first!.token)).system).toBe(0)
    expect((await counts(second!.token)).system).toBe(2)
    const console = (await t.get('/api/admin/notices', { headers: admin, schema: AnnouncementPage })).body.data.items
    expect(console.map((a) => a.title)).toEqual(['Holiday shipping', 'New payment network'])
    expect((await t.post('/api/admin/notices', { title: ' ', body: 'x' }, { headers: admin })).body.msg).toBe('Invalid parameters')
    expect((await t.get('/api/notices?tab=elsewhere', { token: first!.token })).body.msg).toBe('Invalid parameters')
  })
})
