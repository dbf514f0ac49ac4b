import { BondRules } from '@bazaar/contract/bond'
import { Application } from '@bazaar/contract/merchant'
import { Order } from '@bazaar/contract/orders'
import { shipByRefundReason } from '@bazaar/contract/orders-values'
import { Recharge, WithdrawalAddress } from '@bazaar/contract/wallet'
import { hash } from '@node-rs/argon2'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type Db, openDatabase } from '../db/database.ts'
import { createOperator, loginOperator } from '../modules/admin/service.ts'
import { completeOrder } from '../modules/order/lifecycle-service.ts'
import { runOrderSweeps } from '../modules/order/sweeps.ts'
import { auditBalances, trialBalance } from '../modules/wallet/ledger.ts'
import { createTestApp, freshIp, type TestApp } from '../test/app-harness.ts'
import { testDialects } from '../test/databases.ts'
import { applicationBody, balanceByCode, identityPhotos, listingSku, newMerchant, paidOrderOf } from '../test/merchant-helpers.ts'
import { creditWallet, quickBuyers } from '../test/order-helpers.ts'
import { dataOf, itemsOf } from '../test/replies.ts'
import {
  buyerWithPaymentPassword,
  openTronRecharge,
  operatorHeaders,
  proofPng,
  saveWithdrawalAddress,
  tronAddress,
  uploadImage,
} from '../test/wallet-helpers.ts'
import { differs, type RaceFigures, type RaceSpec, race } from './race.ts'
import { writeFigures } from './results.ts'

const dayMs = 86_400_000
const figures: Record<string, Record<string, RaceFigures>> = {}
/** Checks begun and not finished (one threw): the figures file says whether the suite held. */
let unfinished = 0

/**
 * Races (issue 16): each `rounds` rounds of 100 concurrent requests where exactly one may
 * win, on SQLite and PostgreSQL; sweeps run on two app instances (two pools) at once on
 * PostgreSQL. After each race the trial balance is zero and every kept balance equals its
 * transfers. Figures: bench/results/proof-races.json.
 */
describe.each(await testDialects())('races on %s', (dialect) => {
  let t: TestApp
  let second: Db
  let admin: Record<string, string>
  let admin2: Record<string, string>
  let merchant: Awaited<ReturnType<typeof newMerchant>>
  let buyers: Awaited<ReturnType<typeof quickBuyers>>
  let sku: Awaited<ReturnType<typeof listingSku>>
  const mine: Record<string, RaceFigures> = {}
  figures[dialect] = mine
  beforeAll(async () => {
    t = await createTestApp(dialect)
    second = dialect === 'postgres' ? openDatabase({ databaseUrl: t.url, dataDir: t.dataDir, poolSize: 5 }) : t.db
    admin = await operatorHeaders(t)
    await createOperator(t.db, { email: 'ops2@example.com', password: 'operator-password-2' })
    admin2 = { 'admin-token': (await loginOperator(t.db, 'ops2@example.com', 'operator-password-2')).token }
    await openTronRecharge(t, admin)
    await t.db.kysely.updateTable('networks').set({ monthly_withdrawal_cap: 1_000_000 }).execute()
    merchant = await newMerchant(t, admin, 'race-merchant@example.com', 'Race Shop', 1_000_000_000)
    await t.post(`/api/admin/shops/${merchant.shopId}/credit`, { creditScore: 90 }, { headers: admin })
    for (const productId of [1, 2, 3]) {
      const listed = await t.post('/api/shop/listings', { productId, stock: 1000 }, { token: merchant.token })
      if (listed.status !== 200) throw new Error(`listing ${productId}: ${listed.body.msg}`)
    }
    sku = await listingSku(t, merchant.shopId)
    await t.db.kysely.updateTable('listing_skus').set({ stock: 10_000_000 }).where('listing_id', '=', sku.listing_id).execute()
    buyers = await quickBuyers(t, 100, await hash('123456'))
    for (const b of buyers) await creditWallet(t, b.userId, 100_000_000)
  })
  afterAll(async () => {
    if (second !== t?.db) await second?.close()
    await t?.close()
    writeFigures('races', figures, unfinished === 0)
  })

  const line = (quantity = 1) => ({ listingId: sku.listing_id, skuId: sku.sku_id, quantity })
  const post = (url: string, body: object, who: { token?: string; headers?: Record<string, string> }) =>
    t.request('POST', url, body, { ...who, ip: freshIp() })
  const transfersOf = async (kind: string, orderId: number) =>
    (await t.db.kysely.selectFrom('ledger_transfers').select('id').where('kind', '=', kind).where('order_id', '=', orderId).execute())
      .length
  async function run<S>(name: string, spec: RaceSpec<S>) {
    unfinished++
    const result = await race(spec)
    mine[name] = result
    result.problems.push(...differs('trial balance', (await trialBalance(t.db.kysely)).totalCents, 0))
    result.problems.push(...differs('balances unlike their transfers', await auditBalances(t.db.kysely), []))
    expect(result.problems).toEqual([])
    unfinished--
  }

  it('pays one order once', () =>
    run('payOneOrder', {
      setup: async () =>
        dataOf(itemsOf(Order), await post('/api/orders', { lines: [line()], addressId: buyers[0]!.addressId }, buyers[0]!)).items[0]!,
      fire: (order) => post('/api/orders/pay', { orderIds: [order.id], paymentPassword: '123456' }, buyers[0]!),
      check: async (order) => differs('payments', await transfersOf('order_payment', order.id), 1),
    }))

  it('withdraws a whole balance once', async () => {
    const buyer = await buyerWithPaymentPassword(t, 'race-withdraw@example.com')
    const addressId = dataOf(WithdrawalAddress, await saveWithdrawalAddress(t, buyer, 'TRC20', tronAddress)).id
    await run('withdrawWholeBalance', {
      setup: async () => creditWallet(t, buyer.userId, 50_000),
      fire: () =>
        post('/api/wallet/withdrawals', { networkCode: 'TRC20', addressId, amountCents: 50_000, paymentPassword: '123456' }, buyer),
      check: async () => differs('available after', await balanceByCode(t, `user:${buyer.userId}:available`), 0),
    })
  })

  it('sells the last unit once', () =>
    run('lastUnitOfStock', {
      setup: async () => {
        const second = await t.db.kysely
          .selectFrom('listings')
          .select('id')
          .where('shop_id', '=', merchant.shopId)
          .orderBy('id')
          .offset(1)
          .limit(1)
          .executeTakeFirstOrThrow()
        const s = await listingSku(t, merchant.shopId, second.id)
        await t.db.kysely
          .updateTable('listing_skus')
          .set({ stock: 1 })
          .where('listing_id', '=', s.listing_id)
          .where('sku_id', '=', s.sku_id)
          .execute()
        return s
      },
      fire: (s, i) =>
        post(
          '/api/orders',
          { lines: [{ listingId: s.listing_id, skuId: s.sku_id, quantity: 1 }], addressId: buyers[i]!.addressId },
          buyers[i]!,
        ),
      check: async (s) => differs('stock after', (await listingSku(t, merchant.shopId, s.listing_id)).stock, 0),
    }))

  it('approves one recharge once from two operators', async () => {
    const buyer = buyers[1]!
    const proof = await uploadImage(t, buyer.token, await proofPng())
    await run('approveRechargeTwoOperators', {
      setup: async () => {
        const filed = await post('/api/wallet/recharges', { networkCode: 'TRC20', amountCents: 12_345, proofUploadId: proof.id }, buyer)
        return { id: dataOf(Recharge, filed).id, before: await balanceByCode(t, `user:${buyer.userId}:available`) }
      },
      fire: (r, i) => post(`/api/admin/recharges/${r.id}/approve`, {}, { headers: i % 2 ? admin : admin2 }),
      check: async (r) => differs('credited', (await balanceByCode(t, `user:${buyer.userId}:available`)) - r.before, 12_345),
    })
  })

  it('opens one refund per line item', () =>
    run('oneRefundPerLine', {
      setup: async () => paidOrderOf(t, buyers[2]!, { ...listingIds(), quantity: 2 }),
      fire: (o) => post(`/api/orders/${o.id}/refunds`, { lineId: o.lines[0]!.id, quantity: 1, reason: 'Twice' }, buyers[2]!),
      check: async (o) => {
        const open = await t.db.kysely.selectFrom('refunds').select('id').where('order_line_id', '=', o.lines[0]!.id).execute()
        return differs('refunds of the line', open.length, 1)
      },
    }))
  const listingIds = () => ({ listingId: sku.listing_id, skuId: sku.sku_id })

  it('takes a deposit tx hash once', async () => {
    const buyer = buyers[3]!
    const proof = await uploadImage(t, buyer.token, await proofPng())
    await run('txHashOnce', {
      setup: async (round) => `${String(round).padStart(2, '0')}${'c4'.repeat(31)}`,
      fire: (txHash) => post('/api/wallet/recharges', { networkCode: 'TRC20', amountCents: 5_000, proofUploadId: proof.id, txHash }, buyer),
      check: async (txHash) =>
        differs(
          'recharges with the hash',
          (await t.db.kysely.selectFrom('recharges').select('id').where('tx_hash', '=', txHash).execute()).length,
          1,
        ),
    })
  })

  it('approves a shop application once', () =>
    run('shopApplicationApproval', {
      setup: async (round) => {
        const user = await buyerWithPaymentPassword(t, `applicant${round}@example.com`)
        const photos = await identityPhotos(t, user.token)
        const filed = await t.post('/api/shop-application', applicationBody(photos.front, photos.back, `Applied Shop ${round}`), {
          token: user.token,
          schema: Application,
        })
        return { id: filed.body.data.id, userId: user.userId }
      },
      fire: (a) => post(`/api/admin/shop-applications/${a.id}/approve`, {}, { headers: admin }),
      check: async (a) =>
        differs(
          'shops opened',
          (await t.db.kysely.selectFrom('shops').select('id').where('owner_user_id', '=', a.userId).execute()).length,
          1,
        ),
    }))

  it('upgrades the bond once', async () => {
    const levels = (await t.get('/api/bond/rules', { schema: BondRules })).body.data.levels
    await run('bondUpgrade', {
      setup: async (round) => newMerchant(t, admin, `bond${round}@example.com`, `Bond Shop ${round}`, 100_000_000),
      fire: (m) => post('/api/shop/bond/upgrade', { level: 2, signerName: 'Ana Lima', agreed: true }, m),
      check: async (m) => differs('bond held', await balanceByCode(t, `shop:${m.shopId}:bond`), levels[1]!.bondCents),
    })
  })

  it("pays the merchant's purchase price once at shipping", () =>
    run('shipPurchasePayment', {
      setup: async () => paidOrderOf(t, buyers[4]!, line()),
      fire: (o, i) => post(`/api/shop/orders/${o.id}/ship`, { carrier: 'DHL', trackingNo: `RACE${i}0000` }, merchant),
      check: async (o) => differs('purchase payments', await transfersOf('purchase_payment', o.id), 1),
    }))

  it('settles to the withdrawable balance once, swept on two instances', () =>
    run('settlementToWithdrawable', {
      setup: async (round) => {
        const o = await paidOrderOf(t, buyers[5]!, line())
        await t.post(
          `/api/shop/orders/${o.id}/ship`,
          { carrier: 'DHL', trackingNo: `SETTLE${round}00` },
          { token: merchant.token, schema: Order },
        )
        await t.post(`/api/orders/${o.id}/receive`, {}, { token: buyers[5]!.token, schema: Order })
        return o
      },
      fire: async (_o, i) => (await runOrderSweeps(i % 2 ? t.db : second, Date.now() + 8 * dayMs)).completed,
      winners: (o) => transfersOf('order_settlement', o.id),
      check: async (o) => differs('order pending money', await balanceByCode(t, `escrow:${o.id}:order`), 0),
    }))

  // A buyer's refund request and the sweep's completion of the same received order: either
  // the refund is open and the order stays open for it, or the order completed (its escrow
  // settled) and the request is refused; never an open refund on a completed order, whose
  // escrow is empty (agreeing it then failed: 12 replies of 5xx in one PostgreSQL ledger load).
  it('lets a refund request or the completion of a received order win, never both', () =>
    run('refundOrCompletion', {
      setup: async (round) => {
        const o = await paidOrderOf(t, buyers[7]!, line())
        await t.post(
          `/api/shop/orders/${o.id}/ship`,
          { carrier: 'DHL', trackingNo: `RACE${round}REFUND` },
          { token: merchant.token, schema: Order },
        )
        await t.post(`/api/orders/${o.id}/receive`, {}, { token: buyers[7]!.token, schema: Order })
        return { ...o, round }
      },
      fire: async (o, i) => {
        if (i % 2 === 0)
          return post(`/api/orders/${o.id}/refunds`, { lineId: o.lines[0]!.id, quantity: 1, reason: 'Late doubts' }, buyers[7]!)
        // Completions start 0–100 ms after the requests (by round) and spread over 25 ms, so
        // in some rounds they meet a refund request inside its transaction.
        await new Promise((r) => setTimeout(r, (o.round % 5) * 25 + ((i >> 1) % 25)))
        return Number(await completeOrder(i % 4 === 1 ? t.db : second, o.id, Date.now(), 0))
      },
      winners: async (o) => {
        const order = await t.db.kysely.selectFrom('orders').select('status').where('id', '=', o.id).executeTakeFirstOrThrow()
        const open = await t.db.kysely
          .selectFrom('refunds')
          .select('id')
          .where('order_id', '=', o.id)
          .where('status', '=', 'applied')
          .execute()
        return (order.status === 'completed' ? 1 : 0) + open.length
      },
      check: async (o) => {
        const open = await t.db.kysely
          .selectFrom('refunds')
          .select('id')
          .where('order_id', '=', o.id)
          .where('status', '=', 'applied')
          .execute()
        if (open.length === 0) return differs('order pending money', await balanceByCode(t, `escrow:${o.id}:order`), 0)
        // The open refund can be agreed: its money is still in escrow.
        const agreed = await post(`/api/shop/refunds/${open[0]!.id}/agree`, {}, merchant)
        return differs('agreeing the open refund', `${agreed.status} ${agreed.body.msg}`, '200 ok')
      },
    }))

  it('refunds an order not shipped in time once, swept on two instances', () =>
    run('shipByRefundSweep', {
      setup: async () => paidOrderOf(t, buyers[6]!, line()),
      fire: async (_o, i) => (await runOrderSweeps(i % 2 ? t.db : second, Date.now() + 3 * dayMs + 60_000)).shipTimedOut,
      winners: async (o) =>
        (
          await t.db.kysely
            .selectFrom('refunds')
            .select('id')
            .where('order_id', '=', o.id)
            .where('reason', '=', shipByRefundReason)
            .execute()
        ).length,
      check: async (o) => differs('refund transfers', await transfersOf('order_refund', o.id), 1),
    }))
})
