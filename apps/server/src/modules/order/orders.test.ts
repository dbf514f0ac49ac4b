import { Address } from '@bazaar/contract/address'
import { Cart } from '@bazaar/contract/cart'
import { CheckoutPreview, Order, OrderCounts, OrderPage } from '@bazaar/contract/orders'
import { WalletSummary } from '@bazaar/contract/wallet'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, freshIp, type TestApp } from '../../test/app-harness.ts'
import { testDialects } from '../../test/databases.ts'
import { berlinAddress, merchantSession, skuOfShop } from '../../test/order-helpers.ts'
import { dataOf, itemsOf } from '../../test/replies.ts'
import { buyerWithPaymentPassword, fundedBy, openTronRecharge, operatorHeaders } from '../../test/wallet-helpers.ts'
import { auditBalances, trialBalance } from '../wallet/ledger.ts'
import { runOrderSweeps } from './sweeps.ts'

/** What placing or paying orders answers: one order per shop. */
const Orders = itemsOf(Order)

describe.each(await testDialects())('orders on %s', (dialect) => {
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
  const balance = async (token: string) => (await t.get('/api/wallet', { token, schema: WalletSummary })).body.data.availableCents
  const stockOf = async (listingId: number, skuId: number) =>
    (
      await t.db.kysely
        .selectFrom('listing_skus')
        .select('stock')
        .where('listing_id', '=', listingId)
        .where('sku_id', '=', skuId)
        .executeTakeFirstOrThrow()
    ).stock
  const order = async (token: string, lines: object[], addressId: number) => t.post('/api/orders', { lines, addressId }, { token })
  /** Places an order of one line that must succeed; returns it. */
  const placeOne = async (token: string, line: object, addressId: number) =>
    (await t.post('/api/orders', { lines: [line], addressId }, { token, schema: Orders })).body.data.items[0]!
  const pay = (token: string, orderIds: number[], headers?: Record<string, string>) =>
    t.post('/api/orders/pay', { orderIds, paymentPassword: '123456' }, { token, ip: freshIp(), headers })

  describe('checkout and payment', () => {
    it('places one order per shop from the cart with server prices and freight, and pays them from the wallet into escrow', async () => {
      const buyer = await shopper('checkout@example.com')
      const a = await skuOfShop(t, 'Casa Verde')
      const b = await skuOfShop(t, 'Loom & Thread')
      await t.post('/api/cart/items', { listingId: a.listing_id, skuId: a.sku_id, quantity: 2 }, { token: buyer.token })
      await t.post('/api/cart/items', { listingId: b.listing_id, skuId: b.sku_id, quantity: 1 }, { token: buyer.token })
      const preview = (await t.post('/api/checkout/preview', { fromCart: true }, { token: buyer.token, schema: CheckoutPreview })).body.data
      const expectedTotal = a.price_cents * 2 + a.freight_cents + b.price_cents + b.freight_cents
      expect(preview.totalCents).toBe(expectedTotal)
      const placed = await t.post(
        '/api/orders',
        { fromCart: true, addressId: buyer.addressId, remarks: { [a.shop_id]: 'Ring twice' } },
        { token: buyer.token, schema: Orders },
      )
      const orders = placed.body.data.items
      expect(orders).toHaveLength(2)
      expect(orders.find((o) => o.shop.id === a.shop_id)).toMatchObject({
        status: 'pending_payment',
        remark: 'Ring twice',
        freightCents: a.freight_cents,
        totalCents: a.price_cents * 2 + a.freight_cents,
      })
      expect((await t.get('/api/cart', { token: buyer.token, schema: Cart })).body.data.items).toEqual([])
      expect(await stockOf(a.listing_id, a.sku_id)).toBe(a.stock - 2)
      const before = await balance(buyer.token)
      const paid = await pay(
        buyer.token,
        orders.map((o) => o.id),
      )
      expect(dataOf(Orders, paid).items.map((o) => o.status)).toEqual(['to_ship', 'to_ship'])
      expect(await balance(buyer.token)).toBe(before - expectedTotal)
      expect((await t.get('/api/orders/counts', { token: buyer.token, schema: OrderCounts })).body.data).toMatchObject({
        pendingPayment: 0,
        toShip: 2,
      })
      expect((await pay(buyer.token, [orders[0]!.id])).body.msg).toBe('Order status does not allow this')
      expect((await trialBalance(t.db.kysely)).totalCents).toBe(0)
    })

    it('refuses a checkout without address, of own goods, or beyond stock, and changes nothing', async () => {
      const buyer = await shopper('refuse@example.com', 0)
      const sku = await skuOfShop(t, 'Atelier Nine')
      const line = { listingId: sku.listing_id, skuId: sku.sku_id, quantity: 1 }
      expect((await t.post('/api/orders', { lines: [line] }, { token: buyer.token })).body.msg).toBe('no address')
      expect((await order(buyer.token, [line], 999_999)).body.msg).toBe('no address')
      expect((await order(buyer.token, [{ ...line, quantity: sku.stock + 1 }], buyer.addressId)).body.msg).toBe('Inventory shortage')
      const merchant = await merchantSession(t, 'Atelier Nine')
      const merchantAddress = (await t.post('/api/addresses', berlinAddress, { token: merchant.token, schema: Address })).body.data.id
      expect((await order(merchant.token, [line], merchantAddress)).body.msg).toBe('no my shop')
      expect(await stockOf(sku.listing_id, sku.sku_id)).toBe(sku.stock)
      expect((await t.get('/api/orders', { token: buyer.token, schema: OrderPage })).body.data.items).toEqual([])
    })

    it('refuses payment with a wrong or missing payment password or too little money, and pays nothing', async () => {
      const buyer = await shopper('poor@example.com', 1_000)
      const sku = await skuOfShop(t, 'Gadget Harbor', 1)
      const placed = await placeOne(buyer.token, { listingId: sku.listing_id, skuId: sku.sku_id, quantity: 1 }, buyer.addressId)
      expect((await t.post('/api/orders/pay', { orderIds: [placed.id], paymentPassword: '999999' }, { token: buyer.token })).body.msg).toBe(
        'payment password error',
      )
      expect((await pay(buyer.token, [placed.id])).body).toMatchObject({ msg: 'Insufficient balance' })
      expect(await balance(buyer.token)).toBe(1_000)
      expect((await t.get(`/api/orders/${placed.id}`, { token: buyer.token, schema: Order })).body.data.status).toBe('pending_payment')
      const stranger = await shopper('stranger-pay@example.com')
      expect((await pay(stranger.token, [placed.id])).body.msg).toBe('Order not found')
      expect((await t.get(`/api/orders/${placed.id}`, { token: stranger.token })).status).toBe(404)
    })

    it('pays an order once when 20 payments arrive at once', async () => {
      const buyer = await shopper('double-pay@example.com')
      const sku = await skuOfShop(t, 'Casa Verde', 2)
      const placed = await placeOne(buyer.token, { listingId: sku.listing_id, skuId: sku.sku_id, quantity: 1 }, buyer.addressId)
      const before = await balance(buyer.token)
      const replies = await Promise.all(Array.from({ length: 20 }, () => pay(buyer.token, [placed.id])))
      expect(replies.filter((r) => r.body.code === 1)).toHaveLength(1)
      expect(await balance(buyer.token)).toBe(before - placed.totalCents)
      const payments = await t.db.kysely
        .selectFrom('ledger_transfers')
        .select('id')
        .where('kind', '=', 'order_payment')
        .where('reference_id', '=', placed.id)
        .execute()
      expect(payments).toHaveLength(1)
    })
  })

  describe('order life', () => {
    it('cancels an unpaid order and puts its stock back; a paid order cannot be cancelled', async () => {
      const buyer = await shopper('cancel@example.com')
      const sku = await skuOfShop(t, 'Loom & Thread', 1)
      const placed = await placeOne(buyer.token, { listingId: sku.listing_id, skuId: sku.sku_id, quantity: 3 }, buyer.addressId)
      expect(await stockOf(sku.listing_id, sku.sku_id)).toBe(sku.stock - 3)
      expect((await t.post(`/api/orders/${placed.id}/cancel`, {}, { token: buyer.token, schema: Order })).body.data.status).toBe(
        'cancelled',
      )
      expect(await stockOf(sku.listing_id, sku.sku_id)).toBe(sku.stock)
      expect((await t.post(`/api/orders/${placed.id}/cancel`, {}, { token: buyer.token })).body.msg).toBe(
        'Order status does not allow this',
      )
      expect((await pay(buyer.token, [placed.id])).body.msg).toBe('Order status does not allow this')
    })

    it('ships, confirms receipt, refunds within what was paid, and settles the rest to the shop on completion', async () => {
      const buyer = await shopper('life@example.com')
      const merchant = await merchantSession(t, 'Gadget Harbor')
      const sku = await skuOfShop(t, 'Gadget Harbor', 2)
      const placed = await placeOne(buyer.token, { listingId: sku.listing_id, skuId: sku.sku_id, quantity: 2 }, buyer.addressId)
      expect(
        (await t.post(`/api/shop/orders/${placed.id}/ship`, { carrier: 'DHL', trackingNo: 'JD014600003828' }, { token: merchant.token }))
          .body.msg,
      ).toBe('Order status does not allow this')
      dataOf(Orders, await pay(buyer.token, [placed.id]))
      expect(
        (await t.post(`/api/shop/orders/${placed.id}/ship`, { carrier: 'DHL', trackingNo: 'JD014600003828' }, { token: buyer.token })).body
          .msg,
      ).toBe('Not allowed')
      const shipped = (
        await t.post(
          `/api/shop/orders/${placed.id}/ship`,
          { carrier: 'DHL', trackingNo: 'JD014600003828' },
          { token: merchant.token, schema: Order },
        )
      ).body.data
      expect(shipped).toMatchObject({ status: 'to_receive', carrier: 'DHL', trackingNo: 'JD014600003828' })
      expect(shipped.logistics).toHaveLength(1)
      const tracked = await t.post(
        `/api/shop/orders/${placed.id}/logistics`,
        { description: 'Arrived at the sorting centre' },
        { token: merchant.token, schema: Order },
      )
      expect(tracked.body.data.logistics.map((e) => e.description)).toContain('Arrived at the sorting centre')
      const received = (await t.post(`/api/orders/${placed.id}/receive`, {}, { token: buyer.token, schema: Order })).body.data
      expect(received.status).toBe('to_review')
      const line = received.lines[0]!
      expect(
        (
          await t.post(
            `/api/orders/${placed.id}/refunds`,
            { lineId: line.id, quantity: line.quantity + 1, reason: 'Broken' },
            { token: buyer.token },
          )
        ).body.msg,
      ).toBe('Refund quantity exceeds the units left')
      const oneUnitCents = Math.floor(line.netPaidCents / line.quantity)
      const before = await balance(buyer.token)
      const applied = (
        await t.post(
          `/api/orders/${placed.id}/refunds`,
          { lineId: line.id, quantity: 1, reason: 'One arrived scratched' },
          { token: buyer.token, schema: Order },
        )
      ).body.data
      const refund = applied.refunds[0]!
      expect(refund).toMatchObject({ status: 'applied', quantity: 1, amountCents: oneUnitCents })
      expect(refund.respondByMs - refund.appliedAtMs).toBe(24 * 3_600_000)
      expect(
        (await t.post(`/api/orders/${placed.id}/refunds`, { lineId: line.id, quantity: 1, reason: 'again' }, { token: buyer.token })).body
          .msg,
      ).toBe('A refund is already open for this item')
      expect((await t.post(`/api/shop/refunds/${refund.id}/agree`, {}, { token: merchant.token })).body.code).toBe(1)
      expect(await balance(buyer.token)).toBe(before + oneUnitCents)
      const afterOne = (await t.get(`/api/orders/${placed.id}`, { token: buyer.token, schema: Order })).body.data
      expect(afterOne.lines[0]).toMatchObject({ refundedQuantity: 1, refundedCents: oneUnitCents })
      expect(afterOne.status).toBe('to_review')
      expect((await t.post(`/api/shop/refunds/${refund.id}/agree`, {}, { token: merchant.token })).body.msg).toBe(
        'Order status does not allow this',
      )
      const returns = (await t.get('/api/orders?tab=returns', { token: buyer.token, schema: OrderPage })).body.data.items
      expect(returns.map((o) => o.id)).toContain(placed.id)

      await t.db.kysely
        .updateTable('orders')
        .set({ received_at_ms: Date.now() - 8 * 86_400_000 })
        .where('id', '=', placed.id)
        .execute()
      expect(
        (await t.post(`/api/orders/${placed.id}/refunds`, { lineId: line.id, quantity: 1, reason: 'late' }, { token: buyer.token })).body
          .msg,
      ).toBe('after-sales time exceeded')
      expect((await runOrderSweeps(t.db)).completed).toBeGreaterThanOrEqual(1)
      const done = (await t.get(`/api/orders/${placed.id}`, { token: buyer.token, schema: Order })).body.data
      expect(done.status).toBe('completed')
      const settled = await t.db.kysely
        .selectFrom('ledger_transfers')
        .select('amount_cents')
        .where('kind', '=', 'order_settlement')
        .where('reference_id', '=', placed.id)
        .executeTakeFirstOrThrow()
      expect(Number(settled.amount_cents)).toBe(placed.totalCents - oneUnitCents)
      expect((await trialBalance(t.db.kysely)).totalCents).toBe(0)
      expect(await auditBalances(t.db.kysely)).toEqual([])
    })

    it('sweeps: cancels unpaid orders past 30 minutes, confirms receipt after 7 days, agrees unanswered refunds after 24 hours', async () => {
      const buyer = await shopper('sweep@example.com')
      const merchant = await merchantSession(t, 'Loom & Thread')
      const sku = await skuOfShop(t, 'Loom & Thread', 2)
      const unpaid = await placeOne(buyer.token, { listingId: sku.listing_id, skuId: sku.sku_id, quantity: 1 }, buyer.addressId)
      expect(unpaid.payByMs - unpaid.createdAtMs).toBe(30 * 60_000)
      const paidOrder = await placeOne(buyer.token, { listingId: sku.listing_id, skuId: sku.sku_id, quantity: 1 }, buyer.addressId)
      dataOf(Orders, await pay(buyer.token, [paidOrder.id]))
      await t.post(
        `/api/shop/orders/${paidOrder.id}/ship`,
        { carrier: 'UPS', trackingNo: '1Z999AA10123456784' },
        { token: merchant.token, schema: Order },
      )
      const later = Date.now() + 8 * 86_400_000
      const first = await runOrderSweeps(t.db, later)
      expect(first.expired).toBeGreaterThanOrEqual(1)
      expect(first.received).toBeGreaterThanOrEqual(1)
      const orderOf = async (id: number) => (await t.get(`/api/orders/${id}`, { token: buyer.token, schema: Order })).body.data
      expect((await orderOf(unpaid.id)).status).toBe('cancelled')
      expect((await orderOf(paidOrder.id)).status).toBe('to_review')
      expect(await stockOf(sku.listing_id, sku.sku_id)).toBe(sku.stock - 1)
      const again = await runOrderSweeps(t.db, later)
      expect(again.expired + again.received).toBe(0)

      const line = (await orderOf(paidOrder.id)).lines[0]!
      const refundOrder = (
        await t.post(
          `/api/orders/${paidOrder.id}/refunds`,
          { lineId: line.id, quantity: line.quantity, reason: 'Wrong size' },
          { token: buyer.token, schema: Order },
        )
      ).body.data
      const before = await balance(buyer.token)
      await runOrderSweeps(t.db, refundOrder.refunds[0]!.respondByMs + 1)
      expect(await balance(buyer.token)).toBe(before + line.lineTotalCents)
      // Every unit refunded after shipping: the order is 'refunded' and the freight the merchant spent settles to the shop.
      expect((await orderOf(paidOrder.id)).status).toBe('refunded')
      expect((await trialBalance(t.db.kysely)).totalCents).toBe(0)
    })
  })
})
