import type { HTTPMethods } from 'fastify'
import { freshIp, type RequestOptions } from '../test/app-harness.ts'
import type { LoadModel, Requester } from './load-model.ts'
import type { LoadWorld } from './world.ts'

/**
 * The ledger load's operations of the merchant and coupon issues (issue 16): bond upgrades,
 * lower-level and bond-refund requests with their operators' decisions, platform coupon
 * claims, and orders with a platform coupon (marketing pays it into escrow on payment) that
 * then go through the load's pay, cancel, refund, receipt and settlement like any other.
 * `couponPay` counts the payments of coupon orders: most follow their order at once, and when
 * drawn on its own it pays one the buyer left waiting.
 */
export const moreWeights = {
  claimCoupon: 4,
  couponOrder: 7,
  couponPay: 1,
  bondUpgrade: 3,
  bondLower: 3,
  reviewBond: 3,
} as const
export type MoreOp = keyof typeof moreWeights

/** What the extra operations borrow from the load: its counted call, its seeded random, model and world. */
export interface MoreContext {
  request: Requester
  call: (
    op: MoreOp,
    method: HTTPMethods,
    url: string,
    body: object | undefined,
    options: RequestOptions,
  ) => Promise<Record<string, unknown> | undefined>
  random: () => number
  pick: <T>(items: T[]) => T | undefined
  model: LoadModel
  world: LoadWorld
  /** Pays one order of buyer n through POST /api/orders/pay, counted under `op`, and records it. */
  pay: (op: 'couponPay', n: number, orderId: number) => Promise<void>
}

const add = (map: Map<number, number>, key: number, cents: number) => map.set(key, (map.get(key) ?? 0) + cents)

/** The extra operations, each drawn with its weight in `moreWeights`. */
export function moreOperations(ctx: MoreContext): Record<MoreOp, (n: number) => Promise<void>> {
  const { request, call, random, pick, model, world } = ctx
  /** Bond requests filed and not yet decided: id → bond merchant index. */
  const pendingBond = new Map<number, number>()
  const bondLevel = async (m: number) => {
    const answer = await request('GET', '/api/shop/bond', undefined, { token: world.bondMerchants[m]!.token, ip: freshIp() }).catch(
      () => undefined,
    )
    return answer?.body.code === 1 ? (answer.body.data as { level: number }).level : undefined
  }
  return {
    async claimCoupon(n) {
      await call('claimCoupon', 'POST', `/api/coupons/${pick(world.couponIds)!}/claim`, {}, { token: world.buyers[n]!.token })
    },
    async couponOrder(n) {
      const buyer = world.buyers[n]!
      const mine = await request('GET', '/api/coupons/mine?tab=unused', undefined, { token: buyer.token, ip: freshIp() }).catch(
        () => undefined,
      )
      const held = pick(((mine?.body.data as { items?: { heldId: number | null }[] } | undefined)?.items ?? []).map((i) => i.heldId))
      if (!held) return
      const sku = pick(world.skus)!
      const shopId = world.merchants[sku.merchant]!.shopId
      const line = { listingId: sku.listingId, skuId: sku.skuId, quantity: 1 + Math.floor(random() * 3) }
      const body = { lines: [line], addressId: buyer.addressId, coupons: { [shopId]: held } }
      const data = await call('couponOrder', 'POST', '/api/orders', body, { token: buyer.token })
      type Placed = { id: number; totalCents: number; couponCents: number; lines: { id: number }[] }
      const order = (data?.items as Placed[] | undefined)?.[0]
      if (!order) return
      model.orders.set(order.id, {
        buyer: n,
        totalCents: order.totalCents,
        couponCents: order.couponCents,
        status: 'pending_payment',
        lineIds: order.lines.map((l) => l.id),
        shop: sku.merchant,
      })
      // Most are paid at once; the rest wait for the load's pay and cancel, or expire in a sweep.
      if (random() < 0.75) await ctx.pay('couponPay', n, order.id)
    },
    async couponPay(n) {
      const waiting = [...model.orders.entries()].filter(([, o]) => o.buyer === n && o.couponCents > 0 && o.status === 'pending_payment')
      const id = pick(waiting.map(([orderId]) => orderId))
      if (id !== undefined) await ctx.pay('couponPay', n, id)
    },
    async bondUpgrade() {
      const m = Math.floor(random() * world.bondMerchants.length)
      const level = await bondLevel(m)
      if (level === undefined || level >= 5) return
      const body = { level: level + 1 + Math.floor(random() * (5 - level)), signerName: 'Load Signer', agreed: true }
      const data = await call('bondUpgrade', 'POST', '/api/shop/bond/upgrade', body, { token: world.bondMerchants[m]!.token })
      if (data) add(model.bondPaid, m, data.amountCents as number)
    },
    async bondLower() {
      const m = Math.floor(random() * world.bondMerchants.length)
      const level = await bondLevel(m)
      if (level === undefined || level <= 1) return
      // Mostly one level or more down; now and then the whole bond back (down to level 1).
      const body =
        random() < 0.2
          ? { kind: 'refund', reason: 'Closing for the season' }
          : { kind: 'lower', level: 1 + Math.floor(random() * (level - 1)), reason: 'Quieter months' }
      const data = await call('bondLower', 'POST', '/api/shop/bond/requests', body, { token: world.bondMerchants[m]!.token })
      if (data) pendingBond.set(data.id as number, m)
    },
    async reviewBond() {
      const id = pick([...pendingBond.keys()])
      if (id === undefined) return
      const approve = random() < 0.8
      const url = `/api/admin/bond-requests/${id}/${approve ? 'approve' : 'reject'}`
      const data = await call('reviewBond', 'POST', url, approve ? {} : { reason: 'Bond under review' }, { headers: world.admin })
      if (!data) return
      const m = pendingBond.get(id)
      if (m === undefined) return void model.doubleWins.push(`bond request ${id} decided twice`)
      pendingBond.delete(id)
      if (approve) add(model.bondReturned, m, data.amountCents as number)
    },
  }
}
