import { Order } from '@bazaar/contract/orders'
import { afterAll, beforeAll, describe, it } from 'vitest'
import { type Db, openDatabase } from '../db/database.ts'
import { runOrderSweeps } from '../modules/order/sweeps.ts'
import { openCase } from '../test/aftersales-helpers.ts'
import { testDialects } from '../test/databases.ts'
import { paidOrderOf, shipAndReceive } from '../test/merchant-helpers.ts'
import { dataOf } from '../test/replies.ts'
import { openTronRecharge } from '../test/wallet-helpers.ts'
import { differs } from './race.ts'
import { type RaceBook, type RaceWorld, useRaceWorld } from './race-world.ts'

const book: RaceBook = { figures: {}, unfinished: 0 }

/**
 * After-sales races (issue 23), each `rounds` rounds of 100 concurrent calls where exactly one
 * may win, on SQLite and PostgreSQL: both sides escalating one case (one dispute), two
 * operators deciding one dispute (one outcome, money moved once), and the merchant's return
 * confirmation against the deadline sweep on two app instances (one refund). After each race
 * the trial balance is zero and every kept balance equals its transfers. Figures:
 * bench/results/proof-races-aftersales.json (run with the races suite).
 */
describe.each(await testDialects())('after-sales races on %s', (dialect) => {
  const w = useRaceWorld(dialect, 'races-aftersales', book)
  let t: RaceWorld['t']
  let second: Db
  beforeAll(async () => {
    t = w.t
    second = dialect === 'postgres' ? openDatabase({ databaseUrl: t.url, dataDir: t.dataDir, poolSize: 5 }) : t.db
    await openTronRecharge(t, w.admin)
  })
  // Registered after the world's: runs before it closes the app.
  afterAll(async () => {
    if (second !== t?.db) await second?.close()
  })
  const { line, post, transfersOf, run } = w
  const evidence = { text: 'Please decide', photoIds: [], messageIds: [] }
  const disputesOf = (refundId: number) => t.db.kysely.selectFrom('disputes').selectAll().where('refund_id', '=', refundId).execute()

  /** A received order of two units with a 'return and refund' case of both on it, bought by buyer `n`. */
  async function returnCase(n: number, round: number, tag: string) {
    const buyer = w.buyers[n]!
    const paid = await paidOrderOf(t, buyer, line(2))
    const order = await shipAndReceive(t, paid.id, { merchant: w.merchant.token, buyer: buyer.token }, `RACE${round}${tag}`)
    return { buyer, order, refund: await openCase(t, buyer, order) }
  }
  /** The same, refused by the merchant and escalated by the buyer: one open dispute. */
  async function disputedCase(n: number, round: number) {
    const c = await returnCase(n, round, 'DISPUTE')
    await post(`/api/shop/refunds/${c.refund.id}/refuse`, { reason: 'Not faulty' }, w.merchant)
    await post(`/api/refunds/${c.refund.id}/escalate`, evidence, c.buyer)
    const [dispute] = await disputesOf(c.refund.id)
    return { ...c, disputeId: dispute!.id }
  }

  it('opens one dispute when both sides escalate one refused case at once', () =>
    run('escalateOneCase', {
      setup: async (round) => {
        const c = await returnCase(10, round, 'ESCALATE')
        await post(`/api/shop/refunds/${c.refund.id}/refuse`, { reason: 'Not faulty' }, w.merchant)
        return c
      },
      fire: (c, i) =>
        i % 2
          ? post(`/api/shop/refunds/${c.refund.id}/escalate`, evidence, w.merchant)
          : post(`/api/refunds/${c.refund.id}/escalate`, evidence, c.buyer),
      check: async (c) => differs('disputes', (await disputesOf(c.refund.id)).length, 1),
    }))

  it('decides one dispute once when two operators refund and reject it at once', () =>
    run('decideOneDispute', {
      setup: (round) => disputedCase(11, round),
      fire: (c, i) => {
        const headers = i % 2 ? w.admin : w.admin2
        return i % 4 < 2
          ? post(`/api/admin/disputes/${c.disputeId}/approve`, { quantity: 1 + (i % 2), reason: 'Faulty unit' }, { headers })
          : post(`/api/admin/disputes/${c.disputeId}/reject`, { reason: 'Works' }, { headers })
      },
      check: async (c) => {
        const [decided] = await disputesOf(c.refund.id)
        const refunded = decided!.status === 'refunded' ? 1 : 0
        const order = dataOf(Order, await t.request('GET', `/api/orders/${c.order.id}`, undefined, { token: c.buyer.token }))
        return [
          ...differs('refund transfers', await transfersOf('order_refund', c.order.id), refunded),
          ...differs('refunded within what was paid', order.refundedCents <= c.order.lines[0]!.netPaidCents, true),
        ]
      },
    }))

  it("refunds a return once when the merchant's confirmations meet the deadline sweep on two instances", () =>
    run('confirmReturnOrSweep', {
      setup: async (round) => {
        const c = await returnCase(12, round, 'RETURN')
        await post(`/api/shop/refunds/${c.refund.id}/agree-return`, {}, w.merchant)
        const shipped = dataOf(
          Order,
          await post(`/api/refunds/${c.refund.id}/return`, { carrier: 'DHL', trackingNo: `RET${round}` }, c.buyer),
        )
        return { ...c, dueMs: shipped.refunds.find((r) => r.id === c.refund.id)!.confirmByMs! }
      },
      fire: async (c, i) =>
        i % 2
          ? post(`/api/shop/refunds/${c.refund.id}/confirm-return`, { restock: true }, w.merchant)
          : (await runOrderSweeps(i % 4 ? t.db : second, c.dueMs)).cases,
      winners: (_c, answers) => answers.reduce<number>((sum, a) => sum + (typeof a === 'number' ? a : a.body.code === 1 ? 1 : 0), 0),
      check: async (c) => differs('refund transfers', await transfersOf('order_refund', c.order.id), 1),
    }))
})
