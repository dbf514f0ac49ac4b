import { Order, OrderPage } from '@bazaar/contract/orders'
import { WalletSummary } from '@bazaar/contract/wallet'
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, freshIp, type TestApp } from '../../test/app-harness.ts'
import { testDialects } from '../../test/databases.ts'
import { shipAndReceive } from '../../test/merchant-helpers.ts'
import { merchantSession, shopper, skuOfShop } from '../../test/order-helpers.ts'
import { dataOf, itemsOf } from '../../test/replies.ts'
import { openTronRecharge, operatorHeaders } from '../../test/wallet-helpers.ts'
import { auditBalances, trialBalance } from '../wallet/ledger.ts'
import { runOrderSweeps } from './sweeps.ts'

/**
 * Refunds name a line and a quantity; their money is what the buyer paid for those units
 * (ARCHITECTURE.md, money flows). Each test here failed on the refund-by-amount code.
 */
describe.each(await testDialects())('refunds by units on %s', (dialect) => {
  let t: TestApp
  let admin: Record<string, string>
  beforeAll(async () => {
    t = await createTestApp(dialect)
    admin = await operatorHeaders(t)
    await openTronRecharge(t, admin)
  })
  afterAll(async () => t?.close())

  const balance = async (token: string) => (await t.get('/api/wallet', { token, schema: WalletSummary })).body.data.availableCents
  const orderOf = async (token: string, id: number) => (await t.get(`/api/orders/${id}`, { token, schema: Order })).body.data
  /** The SKU's stock and its listing's sales count. */
  const skuRow = (listingId: number, skuId: number) =>
    t.db.kysely
      .selectFrom('listing_skus as ls')
      .innerJoin('listings as l', 'l.id', 'ls.listing_id')
      .select(['ls.stock', 'l.sales_count'])
      .where('ls.listing_id', '=', listingId)
      .where('ls.sku_id', '=', skuId)
      .executeTakeFirstOrThrow()

  /** A paid order of `quantity` units of a shop's SKU. */
  async function paidOrder(email: string, shopName: string, offset: number, quantity: number) {
    const buyer = await shopper(t, admin, email)
    const sku = await skuOfShop(t, shopName, offset)
    const placed = await t.post(
      '/api/orders',
      { lines: [{ listingId: sku.listing_id, skuId: sku.sku_id, quantity }], addressId: buyer.addressId },
      { token: buyer.token, schema: itemsOf(Order) },
    )
    const order = placed.body.data.items[0]!
    dataOf(
      itemsOf(Order),
      await t.post('/api/orders/pay', { orderIds: [order.id], paymentPassword: '123456' }, { token: buyer.token, ip: freshIp() }),
    )
    return { buyer, sku, order }
  }

  it('refunds every unit of an unshipped order: it becomes refunded, freight and stock come back, sales counts go back, no shop queue shows it', async () => {
    const { buyer, sku, order } = await paidOrder('all-units@example.com', 'Casa Verde', 1, 3)
    const merchant = await merchantSession(t, 'Casa Verde')
    const paidBalance = await balance(buyer.token)
    const paidSku = await skuRow(sku.listing_id, sku.sku_id)
    const line = order.lines[0]!
    for (const quantity of [1, 2]) {
      const applied = await t.post(
        `/api/orders/${order.id}/refunds`,
        { lineId: line.id, quantity, reason: 'Changed my mind' },
        { token: buyer.token, schema: Order },
      )
      const refund = applied.body.data.refunds.at(-1)!
      expect(refund).toMatchObject({ status: 'applied', quantity })
      expect((await t.post(`/api/shop/refunds/${refund.id}/agree`, {}, { token: merchant.token })).status).toBe(200)
    }
    const refunded = await orderOf(buyer.token, order.id)
    expect(refunded.status).toBe('refunded')
    expect(refunded.lines[0]).toMatchObject({ refundedQuantity: 3, refundedCents: line.netPaidCents })
    expect(refunded.refunds.map((r) => r.amountCents).reduce((a, b) => a + b, 0)).toBe(line.netPaidCents)
    expect(refunded.refunds.at(-1)!.freightCents).toBe(order.freightCents)
    expect(refunded.refundedCents).toBe(order.totalCents)
    expect(await balance(buyer.token)).toBe(paidBalance + order.totalCents)
    expect(await skuRow(sku.listing_id, sku.sku_id)).toEqual({ stock: paidSku.stock + 3, sales_count: paidSku.sales_count - 3 })
    const queue = async (tab: string) =>
      (await t.get(`/api/shop/orders?tab=${tab}`, { token: merchant.token, schema: OrderPage })).body.data.items.map((o) => o.id)
    expect(await queue('to_ship')).not.toContain(order.id)
    const returns = (await t.get('/api/orders?tab=returns', { token: buyer.token, schema: OrderPage })).body.data.items.map((o) => o.id)
    expect(returns).toContain(order.id)
    // Nothing is left in the order's escrow and nothing settles later.
    expect((await runOrderSweeps(t.db, Date.now() + 60 * 86_400_000)).completed).toBe(0)
    expect((await trialBalance(t.db.kysely)).totalCents).toBe(0)
    expect(await auditBalances(t.db.kysely)).toEqual([])
  })

  it('refuses more units than are left, and the buyer never gets more than the line paid', async () => {
    const { buyer, order } = await paidOrder('units-left@example.com', 'Gadget Harbor', 4, 2)
    const merchant = await merchantSession(t, 'Gadget Harbor')
    const line = order.lines[0]!
    const ask = (quantity: number) =>
      t.post(`/api/orders/${order.id}/refunds`, { lineId: line.id, quantity, reason: 'Damaged' }, { token: buyer.token })
    expect(await ask(3)).toMatchObject({ status: 400, body: { msg: 'Refund quantity exceeds the units left' } })
    expect(await ask(0)).toMatchObject({ status: 400, body: { msg: 'Invalid parameters' } })
    const first = dataOf(Order, await ask(2)).refunds[0]!
    expect(first.amountCents).toBe(line.netPaidCents)
    await t.post(`/api/shop/refunds/${first.id}/agree`, {}, { token: merchant.token })
    expect(await ask(1)).toMatchObject({ status: 409, body: { msg: 'Order status does not allow this' } })
  })

  it('opens exactly one refund when 20 requests for one line arrive at once, and the merchant can agree it', async () => {
    const { buyer, order } = await paidOrder('refund-race@example.com', 'Atelier Nine', 1, 2)
    const merchant = await merchantSession(t, 'Atelier Nine')
    const line = order.lines[0]!
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        t.post(`/api/orders/${order.id}/refunds`, { lineId: line.id, quantity: 1, reason: 'Twice' }, { token: buyer.token }),
      ),
    )
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1)
    expect(answers.filter((a) => a.status !== 200).every((a) => a.body.msg === 'A refund is already open for this item')).toBe(true)
    const open = await t.db.kysely
      .selectFrom('refunds')
      .select('id')
      .where('order_line_id', '=', line.id)
      .where('status', '=', 'applied')
      .execute()
    expect(open).toHaveLength(1)
    expect((await t.post(`/api/shop/refunds/${open[0]!.id}/agree`, {}, { token: merchant.token })).status).toBe(200)
  })

  it('keeps sweeping the other orders when one order cannot be completed', async () => {
    const merchant = await merchantSession(t, 'Loom & Thread')
    const orders = []
    for (const n of [1, 2, 3]) {
      const { buyer, order } = await paidOrder(`sweep-${n}@example.com`, 'Loom & Thread', n, 1)
      await shipAndReceive(t, order.id, { merchant: merchant.token, buyer: buyer.token }, `JD00${n}000`)
      orders.push({ buyer, order })
    }
    const broken = orders[1]!.order.id
    const failing =
      t.db.dialect === 'sqlite'
        ? [
            sql.raw(
              `create trigger fail_complete before update on orders when old.id = ${broken} and new.status = 'completed' begin select raise(abort, 'injected fault'); end`,
            ),
          ]
        : [
            sql.raw(
              `create or replace function fail_complete() returns trigger as $$ begin raise exception 'injected fault'; end $$ language plpgsql`,
            ),
            sql.raw(
              `create trigger fail_complete before update on orders for each row when (old.id = ${broken} and new.status = 'completed') execute function fail_complete()`,
            ),
          ]
    for (const statement of failing) await statement.execute(t.db.kysely)
    const errors: unknown[] = []
    const swept = await runOrderSweeps(t.db, Date.now() + 8 * 86_400_000, { error: (obj) => errors.push(obj) })
    await sql.raw(t.db.dialect === 'sqlite' ? 'drop trigger fail_complete' : 'drop trigger fail_complete on orders').execute(t.db.kysely)
    expect(swept.completed).toBeGreaterThanOrEqual(2)
    expect(errors, JSON.stringify(errors)).toHaveLength(1)
    const statuses = await Promise.all(orders.map(({ buyer, order }) => orderOf(buyer.token, order.id).then((o) => o.status)))
    expect(statuses).toEqual(['completed', 'to_review', 'completed'])
    // The next pass completes it.
    await runOrderSweeps(t.db, Date.now() + 8 * 86_400_000)
    expect((await orderOf(orders[1]!.buyer.token, broken)).status).toBe('completed')
  })
})
