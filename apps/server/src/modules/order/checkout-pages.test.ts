import { randomUUID } from 'node:crypto'
import { Address } from '@bazaar/contract/address'
import { Cart } from '@bazaar/contract/cart'
import { CheckoutPreview, Order } from '@bazaar/contract/orders'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, freshIp, type TestApp } from '../../test/app-harness.ts'
import { claimed, platformCoupon } from '../../test/coupon-helpers.ts'
import { testDialects } from '../../test/databases.ts'
import { berlinAddress, shopper, skuOfShop } from '../../test/order-helpers.ts'
import { itemsOf } from '../../test/replies.ts'
import { openTronRecharge, operatorHeaders } from '../../test/wallet-helpers.ts'

/**
 * One confirm page, one set of unpaid orders (issue 22 item 10): pressing "Submit order" again
 * on the same page (its `checkoutKey`) answers the orders it made when nothing changed, and
 * replaces them when something did, in one transaction, stock and coupons back. Never a 422,
 * never two unpaid sets, also under a burst of simultaneous submits. On the code before, each
 * submit made a new set.
 */
describe.each(await testDialects())('resubmitting a confirm page on %s', (dialect) => {
  let t: TestApp
  let admin: Record<string, string>
  beforeAll(async () => {
    t = await createTestApp(dialect)
    admin = await operatorHeaders(t)
    await openTronRecharge(t, admin)
  })
  afterAll(async () => t?.close())

  const Placed = itemsOf(Order)
  const stockOf = async (sku: { listing_id: number; sku_id: number }) =>
    Number(
      (
        await t.db.kysely
          .selectFrom('listing_skus')
          .select('stock')
          .where('listing_id', '=', sku.listing_id)
          .where('sku_id', '=', sku.sku_id)
          .executeTakeFirstOrThrow()
      ).stock,
    )
  const unpaidOf = async (userId: number) =>
    (
      await t.db.kysely
        .selectFrom('orders')
        .select(['id', 'coupon_held_id', 'address_json'])
        .where('user_id', '=', userId)
        .where('status', '=', 'pending_payment')
        .orderBy('id')
        .execute()
    ).map((o) => ({ id: o.id, couponHeldId: o.coupon_held_id, city: (JSON.parse(o.address_json) as { city: string }).city }))
  const statusOf = async (orderId: number) =>
    (await t.db.kysely.selectFrom('orders').select('status').where('id', '=', orderId).executeTakeFirstOrThrow()).status
  const submit = (token: string, body: object) => t.post('/api/orders', body, { token, ip: freshIp() })

  it('answers an unchanged page’s unpaid orders again: same ids, stock taken once', async () => {
    const buyer = await shopper(t, admin, 'same-page@example.com')
    const sku = await skuOfShop(t, 'Casa Verde', 4)
    const before = await stockOf(sku)
    const body = {
      lines: [{ listingId: sku.listing_id, skuId: sku.sku_id, quantity: 2 }],
      addressId: buyer.addressId,
      checkoutKey: randomUUID(),
    }
    const first = (await t.post('/api/orders', body, { token: buyer.token, schema: Placed })).body.data.items
    const again = await submit(buyer.token, body)
    expect(again.status).toBe(200)
    expect(Placed.parse(again.body.data).items.map((o) => o.id)).toEqual(first.map((o) => o.id))
    expect((await unpaidOf(buyer.userId)).map((o) => o.id)).toEqual(first.map((o) => o.id))
    expect(await stockOf(sku)).toBe(before - 2)
  })

  it('replaces a changed page’s unpaid orders in one go: the earlier set cancelled, its stock and coupon back, the coupon on the new one', async () => {
    const buyer = await shopper(t, admin, 'changed-page@example.com')
    const other = (
      await t.post('/api/addresses', { ...berlinAddress, city: 'Potsdam', isDefault: false }, { token: buyer.token, schema: Address })
    ).body.data
    const sku = await skuOfShop(t, 'Casa Verde', 5)
    const coupon = await platformCoupon(t, admin, { title: 'Page coupon', thresholdCents: 0, kind: 'instant', amountCents: 100 })
    const held = await claimed(t, buyer.token, coupon.id)
    const before = await stockOf(sku)
    const key = randomUUID()
    const lines = [{ listingId: sku.listing_id, skuId: sku.sku_id, quantity: 1 }]
    const coupons = { [String(sku.shop_id)]: held.heldId! }
    const first = (
      await t.post('/api/orders', { lines, addressId: buyer.addressId, coupons, checkoutKey: key }, { token: buyer.token, schema: Placed })
    ).body.data.items

    // The page reopened: its preview offers the coupon its unpaid order holds, and picks it again.
    const preview = (await t.post('/api/checkout/preview', { lines, checkoutKey: key }, { token: buyer.token, schema: CheckoutPreview }))
      .body.data
    expect(preview.groups[0]!.coupons.map((c) => c.heldId)).toContain(held.heldId)
    expect(preview.groups[0]!.couponHeldId).toBe(held.heldId)
    // Without the page's key the coupon is in use: the preview of another page does not offer it.
    const elsewhere = (await t.post('/api/checkout/preview', { lines }, { token: buyer.token, schema: CheckoutPreview })).body.data
    expect(elsewhere.groups[0]!.coupons.map((c) => c.heldId)).not.toContain(held.heldId)

    // Another address, more units: a new set replaces the first.
    const changed = { lines: [{ ...lines[0]!, quantity: 3 }], addressId: other.id, coupons, checkoutKey: key }
    const second = await submit(buyer.token, changed)
    expect(second.status).toBe(200)
    const made = Placed.parse(second.body.data).items
    expect(made[0]!.id).not.toBe(first[0]!.id)
    expect(made[0]!.couponCents).toBe(100)
    expect(await statusOf(first[0]!.id)).toBe('cancelled')
    expect(await unpaidOf(buyer.userId)).toEqual([{ id: made[0]!.id, couponHeldId: held.heldId, city: 'Potsdam' }])
    expect(await stockOf(sku)).toBe(before - 3)

    // The same changed page again: the second set is answered, nothing moves.
    const third = await submit(buyer.token, changed)
    expect(Placed.parse(third.body.data).items.map((o) => o.id)).toEqual(made.map((o) => o.id))
    expect(await stockOf(sku)).toBe(before - 3)
  })

  it('keeps a cart page’s lines when it changes after its cart lines became orders', async () => {
    const buyer = await shopper(t, admin, 'cart-page@example.com')
    const sku = await skuOfShop(t, 'Gadget Harbor', 1)
    await t.post('/api/cart/items', { listingId: sku.listing_id, skuId: sku.sku_id, quantity: 2 }, { token: buyer.token, schema: Cart })
    const key = randomUUID()
    const first = (
      await t.post('/api/orders', { fromCart: true, addressId: buyer.addressId, checkoutKey: key }, { token: buyer.token, schema: Placed })
    ).body.data.items
    expect((await t.get('/api/cart', { token: buyer.token, schema: Cart })).body.data.items).toEqual([])
    const preview = await t.post(
      '/api/checkout/preview',
      { fromCart: true, checkoutKey: key },
      { token: buyer.token, schema: CheckoutPreview },
    )
    expect(preview.body.data.groups[0]!.lines.map((l) => l.quantity)).toEqual([2])
    const changed = await submit(buyer.token, {
      fromCart: true,
      addressId: buyer.addressId,
      remarks: { [String(sku.shop_id)]: 'Ring twice' },
      checkoutKey: key,
    })
    expect(changed.status).toBe(200)
    const made = Placed.parse(changed.body.data).items
    expect(made.map((o) => [o.lines[0]!.quantity, o.remark])).toEqual([[2, 'Ring twice']])
    expect(await statusOf(first[0]!.id)).toBe('cancelled')
  })

  it('leaves exactly one unpaid set when 100 submits of one page arrive at once, changed or not', async () => {
    const buyer = await shopper(t, admin, 'burst-page@example.com')
    const other = (
      await t.post('/api/addresses', { ...berlinAddress, city: 'Hamburg', isDefault: false }, { token: buyer.token, schema: Address })
    ).body.data
    const sku = await skuOfShop(t, 'Casa Verde', 6)
    const before = await stockOf(sku)
    const key = randomUUID()
    const lines = [{ listingId: sku.listing_id, skuId: sku.sku_id, quantity: 1 }]
    const replies = await Promise.all(
      Array.from({ length: 100 }, (_, n) =>
        submit(buyer.token, { lines, addressId: n % 2 === 0 ? buyer.addressId : other.id, checkoutKey: key }),
      ),
    )
    expect(replies.map((r) => r.status).filter((s) => s !== 200)).toEqual([])
    const unpaid = await unpaidOf(buyer.userId)
    expect(unpaid).toHaveLength(1)
    expect(await stockOf(sku)).toBe(before - 1)
    // Every reply named an order of the page; the last one standing is the one left unpaid.
    const named = new Set(replies.map((r) => Placed.parse(r.body.data).items[0]!.id))
    expect(named).toContain(unpaid[0]!.id)

    const same = randomUUID()
    const burst = await Promise.all(
      Array.from({ length: 100 }, () => submit(buyer.token, { lines, addressId: buyer.addressId, checkoutKey: same })),
    )
    expect(burst.map((r) => r.status).filter((s) => s !== 200)).toEqual([])
    expect(new Set(burst.map((r) => Placed.parse(r.body.data).items[0]!.id)).size).toBe(1)
    expect(await unpaidOf(buyer.userId)).toHaveLength(2)
    expect(await stockOf(sku)).toBe(before - 2)
  })
})
