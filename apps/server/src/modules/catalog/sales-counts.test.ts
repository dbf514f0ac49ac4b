import { ProductDetail, ShopPage, ShopSummary } from '@bazaar/contract/catalog'
import { Order } from '@bazaar/contract/orders'
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../../test/app-harness.ts'
import { testDialects } from '../../test/databases.ts'
import { paidOrderOf, shipAndReceive } from '../../test/merchant-helpers.ts'
import { merchantSession, shopper, skuOfShop } from '../../test/order-helpers.ts'
import { openTronRecharge, operatorHeaders } from '../../test/wallet-helpers.ts'
import { orderSettings } from '../order/rules-service.ts'
import { runOrderSweeps } from '../order/sweeps.ts'

/**
 * One definition of "sold" (issue 22 item 7): a listing's sales are its units paid less its
 * units refunded, and a shop's the sum of its listings', on every page that shows them (product
 * page, its shop block, shop home, shop cards). Before, the shop counted only the kept units of
 * completed orders: a paid order made its product "1 sold" and its shop "0 sold".
 */
describe.each(await testDialects())('sales counts on %s', (dialect) => {
  let t: TestApp
  let admin: Record<string, string>
  beforeAll(async () => {
    t = await createTestApp(dialect)
    admin = await operatorHeaders(t)
    await openTronRecharge(t, admin)
  })
  afterAll(async () => t?.close())

  /** The figures a buyer reads: the product's, the product page's shop block, the shop home's, the shop card's. */
  async function figures(listingId: number, shopId: number) {
    const product = (await t.get(`/api/products/${listingId}`, { schema: ProductDetail })).body.data
    const home = (await t.get(`/api/shops/${shopId}`, { schema: ShopSummary })).body.data
    const cards = (await t.get('/api/shops?limit=100', { schema: ShopPage })).body.data.items
    return {
      product: product.salesCount,
      productShop: product.shop.salesCount,
      home: home.salesCount,
      card: cards.find((s) => s.id === shopId)?.salesCount,
    }
  }

  /** Every shop's figure against the sum over its listings, deleted ones included. */
  async function shopsOffTheirListings() {
    const { rows } = await sql<{ id: number }>`
      select s.id from shops s
      where s.sales_count <> (select coalesce(sum(l.sales_count), 0) from listings l where l.shop_id = s.id)`.execute(t.db.kysely)
    return rows.map((r) => r.id)
  }

  it('counts paid units at once on the product and its shop alike, takes refunded ones out of both, and never counts them twice', async () => {
    const sku = await skuOfShop(t, 'Casa Verde', 2)
    const merchant = await merchantSession(t, 'Casa Verde')
    const before = await figures(sku.listing_id, sku.shop_id)
    expect(before.productShop).toBe(before.home)

    const buyer = await shopper(t, admin, 'sold@example.com')
    const order = await paidOrderOf(t, buyer, { listingId: sku.listing_id, skuId: sku.sku_id, quantity: 3 })
    expect(await figures(sku.listing_id, sku.shop_id)).toEqual({
      product: before.product + 3,
      productShop: before.home + 3,
      home: before.home + 3,
      card: before.home + 3,
    })

    const applied = await t.post(
      `/api/orders/${order.id}/refunds`,
      { lineId: order.lines[0]!.id, quantity: 1, reason: 'One too many' },
      { token: buyer.token, schema: Order },
    )
    const agreed = await t.post(`/api/shop/refunds/${applied.body.data.refunds.at(-1)!.id}/agree`, {}, { token: merchant.token })
    expect(agreed.status).toBe(200)
    const afterRefund = await figures(sku.listing_id, sku.shop_id)
    expect([afterRefund.product, afterRefund.home, afterRefund.card]).toEqual([before.product + 2, before.home + 2, before.home + 2])

    // Received and completed after the after-sales window: the kept units were counted when paid.
    await shipAndReceive(t, order.id, { merchant: merchant.token, buyer: buyer.token }, 'SOLD0001')
    const settings = await orderSettings(t.db.kysely)
    await runOrderSweeps(t.db, Date.now() + settings.after_sales_ms + 60_000)
    expect((await t.get(`/api/orders/${order.id}`, { token: buyer.token, schema: Order })).body.data.status).toBe('completed')
    const completed = await figures(sku.listing_id, sku.shop_id)
    expect([completed.product, completed.home]).toEqual([before.product + 2, before.home + 2])
    expect(await shopsOffTheirListings()).toEqual([])
  })

  it('takes every unit of an order refunded for not shipping out of the shop once', async () => {
    const sku = await skuOfShop(t, 'Casa Verde', 3)
    const before = await figures(sku.listing_id, sku.shop_id)
    const buyer = await shopper(t, admin, 'not-shipped@example.com')
    await paidOrderOf(t, buyer, { listingId: sku.listing_id, skuId: sku.sku_id, quantity: 2 })
    const settings = await orderSettings(t.db.kysely)
    await runOrderSweeps(t.db, Date.now() + settings.ship_by_ms + 60_000)
    const after = await figures(sku.listing_id, sku.shop_id)
    expect([after.product, after.home]).toEqual([before.product, before.home])
    expect(await shopsOffTheirListings()).toEqual([])
  })
})
