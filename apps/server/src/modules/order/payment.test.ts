import { Order } from '@bazaar/contract/orders'
import { WalletSummary } from '@bazaar/contract/wallet'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, freshIp, type TestApp } from '../../test/app-harness.ts'
import { testDialects } from '../../test/databases.ts'
import { shopper, skuOfShop } from '../../test/order-helpers.ts'
import { itemsOf } from '../../test/replies.ts'
import { fundedBy, openTronRecharge, operatorHeaders } from '../../test/wallet-helpers.ts'
import { auditBalances, trialBalance } from '../wallet/ledger.ts'

/**
 * A payment in one short transaction (issue 25): the payment password, the Idempotency-Key,
 * the orders, the ledger, the sales and the messages commit together, and the reply is built
 * from what the statements returned.
 */
describe.each(await testDialects())('payment in one transaction on %s', (dialect) => {
  let t: TestApp
  let admin: Record<string, string>
  beforeAll(async () => {
    t = await createTestApp(dialect)
    admin = await operatorHeaders(t)
    await openTronRecharge(t, admin)
  })
  afterAll(async () => t?.close())

  const balance = async (token: string) => (await t.get('/api/wallet', { token, schema: WalletSummary })).body.data.availableCents
  const placeOrders = async (token: string, lines: object[], addressId: number) =>
    (await t.post('/api/orders', { lines, addressId }, { token, schema: itemsOf(Order) })).body.data.items
  const pay = (token: string, orderIds: number[], key: string, paymentPassword = '123456') =>
    t.post('/api/orders/pay', { orderIds, paymentPassword }, { token, ip: freshIp(), headers: { 'idempotency-key': key } })
  const failures = async (userId: number) =>
    (await t.db.kysely.selectFrom('users').select('payment_failures').where('id', '=', userId).executeTakeFirstOrThrow()).payment_failures
  const keyRows = async (userId: number) =>
    (await t.db.kysely.selectFrom('idempotency_keys').select('key').where('user_id', '=', userId).execute()).length
  const line = (sku: { listing_id: number; sku_id: number }, quantity = 1) => ({ listingId: sku.listing_id, skuId: sku.sku_id, quantity })

  it('pays orders of three shops at once and answers exactly what reading them back answers', async () => {
    const buyer = await shopper(t, admin, 'pay-three@example.com')
    const skus = await Promise.all(['Casa Verde', 'Loom & Thread', 'Gadget Harbor'].map((shop) => skuOfShop(t, shop, 4)))
    const placed = await placeOrders(buyer.token, [line(skus[0]!, 2), line(skus[1]!), line(skus[2]!)], buyer.addressId)
    expect(placed).toHaveLength(3)
    const k = t.db.kysely
    const salesOf = async () =>
      (
        await k
          .selectFrom('listings')
          .select(['id', 'sales_count'])
          .where(
            'id',
            'in',
            skus.map((s) => s.listing_id),
          )
          .execute()
      ).reduce((m, r) => m.set(r.id, r.sales_count), new Map<number, number>())
    const paidDaysOf = async () =>
      (
        await k
          .selectFrom('shop_order_days')
          .select((eb) => ['shop_id', eb.fn.sum<number>('paid_orders').as('paid')])
          .where(
            'shop_id',
            'in',
            skus.map((s) => s.shop_id),
          )
          .groupBy('shop_id')
          .orderBy('shop_id')
          .execute()
      ).map((r) => Number(r.paid))
    const salesBefore = await salesOf()
    const paidBefore = await paidDaysOf()
    const before = await balance(buyer.token)

    const reply = await pay(buyer.token, placed.map((o) => o.id).reverse(), 'three-shops')
    expect(reply.status).toBe(200)
    const paid = itemsOf(Order).parse(reply.body.data).items
    const readBack = await Promise.all(
      paid.map(async (o) => (await t.get(`/api/orders/${o.id}`, { token: buyer.token, schema: Order })).body.data),
    )
    expect(paid).toEqual(readBack)
    expect(paid.map((o) => o.id)).toEqual(placed.map((o) => o.id).sort((a, b) => a - b))
    expect(paid.every((o) => o.status === 'to_ship' && o.lines.every((l) => l.image !== null))).toBe(true)

    const total = placed.reduce((sum, o) => sum + o.totalCents, 0)
    expect(await balance(buyer.token)).toBe(before - total)
    const escrows = await k
      .selectFrom('ledger_accounts')
      .select(['code', 'balance_cents'])
      .where(
        'code',
        'in',
        placed.map((o) => `escrow:${o.id}:order`),
      )
      .execute()
    expect(escrows.map((e) => Number(e.balance_cents)).sort()).toEqual(placed.map((o) => o.totalCents).sort())
    const salesAfter = await salesOf()
    expect(skus.map((s) => salesAfter.get(s.listing_id)! - salesBefore.get(s.listing_id)!)).toEqual([2, 1, 1])
    expect((await paidDaysOf()).map((n, i) => n - (paidBefore[i] ?? 0))).toEqual([1, 1, 1])
    const messages = await k
      .selectFrom('order_messages')
      .select('modules_id')
      .where('user_id', '=', buyer.userId)
      .where('message_key', '=', 'order.paid')
      .execute()
    expect(messages.map((m) => m.modules_id).sort()).toEqual(paid.map((o) => o.id))
    expect((await trialBalance(k)).totalCents).toBe(0)
    expect(await auditBalances(k)).toEqual([])
  })

  it('a wrong payment password commits its count and nothing else; the same key then pays with the right one', async () => {
    const buyer = await shopper(t, admin, 'pay-wrong-pin@example.com')
    const [placed] = await placeOrders(buyer.token, [line(await skuOfShop(t, 'Casa Verde', 5))], buyer.addressId)
    const before = await balance(buyer.token)
    expect((await pay(buyer.token, [placed!.id], 'after-a-typo', '000000')).body.msg).toBe('payment password error')
    expect(await failures(buyer.userId)).toBe(1)
    expect(await keyRows(buyer.userId)).toBe(0)
    expect(await balance(buyer.token)).toBe(before)
    const retried = await pay(buyer.token, [placed!.id], 'after-a-typo')
    expect(retried.body.code).toBe(1)
    expect(await failures(buyer.userId)).toBe(0)
    expect(await balance(buyer.token)).toBe(before - placed!.totalCents)
  })

  it('answers ten requests with the same Idempotency-Key sent at once with the one payment', async () => {
    const buyer = await shopper(t, admin, 'pay-same-key@example.com')
    const [placed] = await placeOrders(buyer.token, [line(await skuOfShop(t, 'Loom & Thread', 5))], buyer.addressId)
    const before = await balance(buyer.token)
    const replies = await Promise.all(Array.from({ length: 10 }, () => pay(buyer.token, [placed!.id], 'one-tap')))
    expect(replies.map((r) => r.status)).toEqual(Array(10).fill(200))
    const answers = replies.map((r) =>
      itemsOf(Order)
        .parse(r.body.data)
        .items.map((o) => `${o.id} ${o.status} ${o.paidAtMs}`),
    )
    expect(answers.every((a) => a.join() === answers[0]!.join())).toBe(true)
    expect(await balance(buyer.token)).toBe(before - placed!.totalCents)
    const transfers = await t.db.kysely
      .selectFrom('ledger_transfers')
      .select('id')
      .where('kind', '=', 'order_payment')
      .where('reference_id', '=', placed!.id)
      .execute()
    expect(transfers).toHaveLength(1)
  })

  it('replays a refused payment under its key, and a right payment password still clears the count', async () => {
    const buyer = await shopper(t, admin, 'pay-refused@example.com', 1_000)
    const [placed] = await placeOrders(buyer.token, [line(await skuOfShop(t, 'Gadget Harbor', 5))], buyer.addressId)
    for (let i = 0; i < 3; i++) await pay(buyer.token, [placed!.id], `typo-${i}`, '000000')
    expect(await failures(buyer.userId)).toBe(3)
    expect((await pay(buyer.token, [placed!.id], 'short')).body.msg).toBe('Insufficient balance')
    expect(await failures(buyer.userId)).toBe(0)
    await fundedBy(t, buyer, admin, 500_000)
    expect((await pay(buyer.token, [placed!.id], 'short')).body.msg).toBe('Insufficient balance')
    expect((await pay(buyer.token, [placed!.id], 'funded')).body.code).toBe(1)
  })
})
