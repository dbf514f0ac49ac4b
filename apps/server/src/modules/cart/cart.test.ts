import { Address } from '@bazaar/contract/address'
import { Cart, FavouritePage } from '@bazaar/contract/cart'
import { ProductDetail } from '@bazaar/contract/catalog'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { createTestApp, type TestApp } from '../../test/app-harness.ts'
import { testDialects } from '../../test/databases.ts'
import { berlinAddress, merchantSession, skuOfShop } from '../../test/order-helpers.ts'
import { itemsOf } from '../../test/replies.ts'
import { buyerWithPaymentPassword, fundedBy, openTronRecharge, operatorHeaders } from '../../test/wallet-helpers.ts'

describe.each(await testDialects())('cart and address book on %s', (dialect) => {
  let t: TestApp
  let admin: Record<string, string>
  beforeAll(async () => {
    t = await createTestApp(dialect)
    admin = await operatorHeaders(t)
    await openTronRecharge(t, admin)
  })
  afterAll(async () => t?.close())

  /** A funded buyer with a default address. */
  async function shopper(email: string, fundsCents = 500_000) {
    const buyer = await buyerWithPaymentPassword(t, email)
    if (fundsCents > 0) await fundedBy(t, buyer, admin, fundsCents)
    const address = (await t.post('/api/addresses', berlinAddress, { token: buyer.token, schema: Address })).body.data
    return { ...buyer, addressId: address.id }
  }

  describe('address book', () => {
    it('checks country and mobile with libraries, stores E.164, keeps one default', async () => {
      const buyer = await buyerWithPaymentPassword(t, 'addr@example.com')
      expect(await t.post('/api/addresses', { ...berlinAddress, country: 'XX' }, { token: buyer.token })).toMatchObject({
        status: 400,
        body: { msg: 'Invalid parameters', data: { fields: { country: 'Invalid parameters' } } },
      })
      expect((await t.post('/api/addresses', { ...berlinAddress, mobile: '12' }, { token: buyer.token })).body.data).toEqual({
        message: expect.any(String),
        fields: { mobile: 'Invalid parameters' },
        requestId: expect.any(String),
      })
      const as = { token: buyer.token, schema: Address }
      const first = (await t.post('/api/addresses', { ...berlinAddress, isDefault: false }, as)).body.data
      expect(first).toMatchObject({ mobile: '+4930901820', isDefault: true })
      const second = (await t.post('/api/addresses', { ...berlinAddress, city: 'Potsdam', isDefault: true }, as)).body.data
      const list = (await t.get('/api/addresses', { token: buyer.token, schema: itemsOf(Address) })).body.data.items
      expect(list.map((a) => [a.id, a.isDefault])).toEqual([
        [second.id, true],
        [first.id, false],
      ])
      await t.delete(`/api/addresses/${second.id}`, { token: buyer.token, schema: z.null() })
      expect((await t.get('/api/addresses', { token: buyer.token, schema: itemsOf(Address) })).body.data.items).toMatchObject([
        { id: first.id, isDefault: true },
      ])
    })
  })

  describe('cart', () => {
    it('adds up quantities within stock, refuses own goods, selects, removes and saves to favourites', async () => {
      const buyer = await shopper('cart@example.com', 0)
      const sku = await skuOfShop(t, 'Gadget Harbor')
      const line = { listingId: sku.listing_id, skuId: sku.sku_id, quantity: 2 }
      const cart = { token: buyer.token, schema: Cart }
      expect((await t.post('/api/cart/items', line, cart)).body.data.items).toMatchObject([
        { quantity: 2, selected: true, priceCents: sku.price_cents },
      ])
      expect((await t.post('/api/cart/items', line, cart)).body.data.items[0]!.quantity).toBe(4)
      expect(await t.post('/api/cart/items', { ...line, quantity: sku.stock }, { token: buyer.token })).toMatchObject({
        status: 409,
        body: { msg: 'Inventory shortage' },
      })
      expect(await t.post('/api/cart/items', { ...line, priceCents: 1 }, { token: buyer.token })).toMatchObject({ status: 400 })
      const merchant = await merchantSession(t, 'Gadget Harbor')
      expect((await t.post('/api/cart/items', line, { token: merchant.token })).body.msg).toBe('no my shop')
      const item = (await t.get('/api/cart', cart)).body.data.items[0]!
      const patched = await t.patch(`/api/cart/items/${item.id}`, { selected: false }, cart)
      expect(patched.body.data.items[0]!.selected).toBe(false)
      expect((await t.post('/api/cart/select-all', { selected: true }, cart)).body.data.items[0]!.selected).toBe(true)
      const saved = await t.post('/api/cart/save-to-favourites', { ids: [item.id] }, cart)
      expect(saved.body.data.items).toEqual([])
      expect((await t.get('/api/favourites', { token: buyer.token, schema: FavouritePage })).body.data.items).toMatchObject([
        { listingId: sku.listing_id },
      ])
      expect((await t.get(`/api/products/${sku.listing_id}`, { schema: ProductDetail })).body.data.followers).toBe(1)
    })
  })
})
