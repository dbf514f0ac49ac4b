import { Address } from '@bazaar/contract/address'
import { ProductDetail } from '@bazaar/contract/catalog'
import { CheckoutPreview } from '@bazaar/contract/orders'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../../test/app-harness.ts'
import { testDialects } from '../../test/databases.ts'
import { berlinAddress, shopper, skuOfShop } from '../../test/order-helpers.ts'
import { openTronRecharge, operatorHeaders } from '../../test/wallet-helpers.ts'

/**
 * Where a shop delivers is said before Submit (issue 22 item 9): the product page and each shop
 * group of the checkout preview carry the shop's countries, so the shop can tell a buyer whose
 * address is elsewhere; the order itself is still refused with 'no_order'.
 */
describe.each(await testDialects())('delivery countries on %s', (dialect) => {
  let t: TestApp
  let admin: Record<string, string>
  beforeAll(async () => {
    t = await createTestApp(dialect)
    admin = await operatorHeaders(t)
    await openTronRecharge(t, admin)
  })
  afterAll(async () => t?.close())

  it('names the shop’s countries on the product page and in the preview, and still refuses an order elsewhere', async () => {
    const sku = await skuOfShop(t, 'Casa Verde', 1)
    await t.db.kysely
      .updateTable('shops')
      .set({ ship_countries_json: JSON.stringify(['AT', 'DE']) })
      .where('id', '=', sku.shop_id)
      .execute()
    const product = (await t.get(`/api/products/${sku.listing_id}`, { schema: ProductDetail })).body.data
    expect(product.shipCountries).toEqual(['AT', 'DE'])

    const buyer = await shopper(t, admin, 'delivery@example.com')
    const lines = [{ listingId: sku.listing_id, skuId: sku.sku_id, quantity: 1 }]
    const preview = (await t.post('/api/checkout/preview', { lines }, { token: buyer.token, schema: CheckoutPreview })).body.data
    expect(preview.groups[0]!.shop).toMatchObject({ id: sku.shop_id, shipCountries: ['AT', 'DE'] })

    const us = (
      await t.post(
        '/api/addresses',
        { ...berlinAddress, country: 'US', city: 'Boston', isDefault: false },
        { token: buyer.token, schema: Address },
      )
    ).body.data
    expect((await t.post('/api/orders', { lines, addressId: us.id }, { token: buyer.token })).body.msg).toBe('no_order')
    expect((await t.post('/api/orders', { lines, addressId: buyer.addressId }, { token: buyer.token })).status).toBe(200)

    const everywhere = (await t.get(`/api/products/${(await skuOfShop(t, 'Gadget Harbor', 0)).listing_id}`, { schema: ProductDetail })).body
      .data
    expect(everywhere.shipCountries).toEqual([])
  })
})
