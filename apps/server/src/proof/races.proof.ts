import { BondRules } from '@bazaar/contract/bond'
import { Application } from '@bazaar/contract/merchant-application'
import { Order } from '@bazaar/contract/orders'
import { shipByRefundReason } from '@bazaar/contract/orders-values'
import { Recharge, WithdrawalAddress } from '@bazaar/contract/wallet'
import { afterAll, beforeAll, describe, it } from 'vitest'
import { type Db, openDatabase } from '../db/database.ts'
import { completeOrder } from '../modules/order/lifecycle-service.ts'
import { runOrderSweeps } from '../modules/order/sweeps.ts'
import { testDialects } from '../test/databases.ts'
import {
  applicationBody,
  balanceByCode,
  identityPhotos,
  listingSku,
  newMerchant,
  paidOrderOf,
  shipAndReceive,
} from '../test/merchant-helpers.ts'
import { creditWallet } from '../test/order-helpers.ts'
import { dataOf, itemsOf } from '../test/replies.ts'
import {
  buyerWithPaymentPassword,
  openTronRecharge,
  proofPng,
  saveWithdrawalAddress,
  tronAddress,
  uploadImage,
} from '../test/wallet-helpers.ts'
import { differs } from './race.ts'
import { type RaceBook, type RaceWorld, useRaceWorld } from './race-world.ts'

const dayMs = 86_400_000
const book: RaceBook = { figures: {}, unfinished: 0 }

/**
 * Races (issue 16): each `rounds` rounds of 100 concurrent requests where exactly one may
 * win, on SQLite and PostgreSQL; sweeps run on two app instances (two pools) at once on
 * PostgreSQL. After each race the trial balance is zero and every kept balance equals its
 * transfers. Figures: bench/results/proof-races.json. The coupon, bond-return and chat races
 * are in races-shop.proof.ts.
 */
describe.each(await testDialects())('races on %s', (dialect) => {
  const w = useRaceWorld(dialect, 'races', book)
  let t: RaceWorld['t']
  let admin: RaceWorld['admin']
  let admin2: RaceWorld['admin2']
  let merchant: RaceWorld['merchant']
  let buyers: RaceWorld['buyers']
  let second: Db
  beforeAll(async () => {
    ;({ t, admin, admin2, merchant, buyers } = w)
    second = dialect === 'postgres' ? openDatabase({ databaseUrl: t.url, dataDir: t.dataDir, poolSize: 5 }) : t.db
    await openTronRecharge(t, admin)
    await t.db.kysely.updateTable('networks').set({ monthly_withdrawal_cap: 1_000_000 }).execute()
  })
  // Registered after the world's: runs before it closes the app (vitest runs after-hooks as a stack).
  afterAll(async () => {
    if (second !== t?.db) await second?.close()
  })
  const { line, post, transfersOf, run } = w

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
  const listingIds = () => ({ listingId: w.sku.listing_id, skuId: w.sku.sku_id })

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
        await shipAndReceive(t, o.id, { merchant: merchant.token, buyer: buyers[5]!.token }, `SETTLE${round}00`)
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
        await shipAndReceive(t, o.id, { merchant: merchant.token, buyer: buyers[7]!.token }, `RACE${round}REFUND`)
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
