import { Address } from '@bazaar/contract/address'
import { Order } from '@bazaar/contract/orders'
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Db } from '../../db/database.ts'
import { createTestApp, freshIp, type TestApp } from '../../test/app-harness.ts'
import { testDialects } from '../../test/databases.ts'
import { berlinAddress, skuOfShop } from '../../test/order-helpers.ts'
import { itemsOf } from '../../test/replies.ts'
import { buyerWithPaymentPassword, fundedBy, openTronRecharge, operatorHeaders } from '../../test/wallet-helpers.ts'

/**
 * One event, one transaction (STYLE.md): a checkout or a payment that fails part-way leaves
 * stock, sales counts, orders and the ledger exactly as they were. The failure is injected
 * in the database itself (a trigger that aborts one statement), so these tests hold whatever
 * module the stock or ledger code lives in.
 */
describe.each(await testDialects())('rollback of a failed checkout or payment on %s', (dialect) => {
  let t: TestApp
  let admin: Record<string, string>
  beforeAll(async () => {
    t = await createTestApp(dialect)
    admin = await operatorHeaders(t)
    await openTronRecharge(t, admin)
  })
  afterAll(async () => t?.close())

  /** Everything a checkout or a payment may touch, to compare before and after. */
  async function snapshot() {
    const k = t.db.kysely
    const [stock, listings, orders, lines, transfers, balances] = await Promise.all([
      k.selectFrom('listing_skus').select(['listing_id', 'sku_id', 'stock']).orderBy('listing_id').orderBy('sku_id').execute(),
      k.selectFrom('listings').select(['id', 'sales_count', 'recommend_score']).orderBy('id').execute(),
      k.selectFrom('orders').select(['id', 'status', 'paid_at_ms']).orderBy('id').execute(),
      k.selectFrom('order_lines').select('id').orderBy('id').execute(),
      k.selectFrom('ledger_transfers').select('id').orderBy('id').execute(),
      k.selectFrom('ledger_accounts').select(['code', 'balance_cents']).orderBy('code').execute(),
    ])
    return { stock, listings, orders, lines, transfers, balances }
  }

  it('a two-line checkout whose second line fails to reserve leaves stock, orders and the cart unchanged', async () => {
    const buyer = await buyerWithPaymentPassword(t, 'rollback-checkout@example.com')
    const address = (await t.post('/api/addresses', berlinAddress, { token: buyer.token, schema: Address })).body.data
    const first = await skuOfShop(t, 'Gadget Harbor', 0)
    const second = await skuOfShop(t, 'Gadget Harbor', 1)
    const lines = [first, second].map((s) => ({ listingId: s.listing_id, skuId: s.sku_id, quantity: 1 }))
    const before = await snapshot()
    await withFailingUpdate(t.db, 'listing_skus', `old.listing_id = ${second.listing_id} and old.sku_id = ${second.sku_id}`, async () => {
      const res = await t.post('/api/orders', { lines, addressId: address.id }, { token: buyer.token, ip: freshIp() })
      expect(res.status).toBeGreaterThanOrEqual(400)
    })
    expect(await snapshot()).toEqual(before)
  })

  it('a two-order payment whose second order fails leaves the first unpaid, the wallet and sales counts unchanged', async () => {
    const buyer = await buyerWithPaymentPassword(t, 'rollback-pay@example.com')
    await fundedBy(t, buyer, admin, 500_000)
    const address = (await t.post('/api/addresses', berlinAddress, { token: buyer.token, schema: Address })).body.data
    const a = await skuOfShop(t, 'Gadget Harbor', 2)
    const b = await skuOfShop(t, 'Casa Verde', 0)
    const placed = await t.post(
      '/api/orders',
      { lines: [a, b].map((s) => ({ listingId: s.listing_id, skuId: s.sku_id, quantity: 1 })), addressId: address.id },
      { token: buyer.token, schema: itemsOf(Order) },
    )
    expect(placed.status).toBe(200)
    const [orderA, orderB] = placed.body.data.items
    expect(orderA && orderB).toBeTruthy()
    // The second order in id order is made unpayable: cancelled by the buyer.
    const [firstId, secondId] = [orderA!.id, orderB!.id].sort((x, y) => x - y)
    expect((await t.post(`/api/orders/${secondId}/cancel`, {}, { token: buyer.token })).status).toBe(200)
    const before = await snapshot()
    const res = await t.post(
      '/api/orders/pay',
      { orderIds: [firstId, secondId], paymentPassword: '123456' },
      { token: buyer.token, ip: freshIp() },
    )
    expect(res).toMatchObject({ status: 409, body: { msg: 'Order status does not allow this' } })
    expect(await snapshot()).toEqual(before)
    // The failure is in the second order; the first alone still pays.
    expect(
      (await t.post('/api/orders/pay', { orderIds: [firstId], paymentPassword: '123456' }, { token: buyer.token, ip: freshIp() })).status,
    ).toBe(200)
  })

  it('a payment whose sales count fails to record pays nothing', async () => {
    const buyer = await buyerWithPaymentPassword(t, 'rollback-sales@example.com')
    await fundedBy(t, buyer, admin, 500_000)
    const address = (await t.post('/api/addresses', berlinAddress, { token: buyer.token, schema: Address })).body.data
    const sku = await skuOfShop(t, 'Gadget Harbor', 3)
    const placed = await t.post(
      '/api/orders',
      { lines: [{ listingId: sku.listing_id, skuId: sku.sku_id, quantity: 1 }], addressId: address.id },
      { token: buyer.token, schema: itemsOf(Order) },
    )
    const orderId = placed.body.data.items[0]!.id
    const before = await snapshot()
    // The listing's sales count is written by the payment's transaction, after the money moved.
    await withFailingUpdate(t.db, 'listings', `old.id = ${sku.listing_id}`, async () => {
      const res = await t.post('/api/orders/pay', { orderIds: [orderId], paymentPassword: '123456' }, { token: buyer.token, ip: freshIp() })
      expect(res.status).toBeGreaterThanOrEqual(400)
    })
    expect(await snapshot()).toEqual(before)
  })
})

/**
 * Runs `work` while any update of the rows of `table` that match `where` (a trigger condition
 * on `old`) aborts in the database, then removes the trigger.
 */
async function withFailingUpdate(db: Db, table: 'listing_skus' | 'listings', where: string, work: () => Promise<void>): Promise<void> {
  if (db.dialect === 'sqlite') {
    await sql
      .raw(`create trigger fail_update before update on ${table} when ${where} begin select raise(abort, 'injected fault'); end`)
      .execute(db.kysely)
  } else {
    await sql
      .raw(`create or replace function fail_update() returns trigger as $$ begin raise exception 'injected fault'; end $$ language plpgsql`)
      .execute(db.kysely)
    await sql
      .raw(`create trigger fail_update before update on ${table} for each row when (${where}) execute function fail_update()`)
      .execute(db.kysely)
  }
  try {
    await work()
  } finally {
    await sql.raw(db.dialect === 'sqlite' ? 'drop trigger fail_update' : `drop trigger fail_update on ${table}`).execute(db.kysely)
  }
}
