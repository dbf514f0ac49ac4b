import { randomBytes } from 'node:crypto'
import type { HTTPMethods } from 'fastify'
import type { Db } from '../db/database.ts'
import { runOrderSweeps } from '../modules/order/sweeps.ts'
import { freshIp, type RequestOptions } from '../test/app-harness.ts'
import type { Answer } from '../test/replies.ts'
import { ledgerSnapshot } from './ledger-checks.ts'
import { caseOperations, caseWeights } from './ledger-load-cases.ts'
import { chainOperations, chainWeights } from './ledger-load-chain.ts'
import { moreOperations, moreWeights } from './ledger-load-more.ts'
import { type LoadOptions, type LoadRun, newModel, type OpCounts, type Requester } from './load-model.ts'
import { seededRandom } from './results.ts'
import type { LoadWorld } from './world.ts'

const weights = {
  recharge: 12,
  reviewRecharge: 11,
  order: 7,
  pay: 14,
  cancel: 4,
  ship: 11,
  receive: 8,
  refund: 7,
  reviewRefund: 6,
  withdraw: 8,
  reviewWithdrawal: 6,
  readWallet: 6,
  ...moreWeights,
  ...caseWeights,
  ...chainWeights,
} as const
type Op = keyof typeof weights

/**
 * The sweep's clock runs 12 hours ahead: unpaid orders (30 minutes) expire and received
 * orders (after-sales window 0, prepareWorld) settle, while shipped orders wait for their
 * buyer's receipt (auto-receipt after a day) and open refunds for their merchant.
 */
const sweepAheadMs = 12 * 3_600_000

const add = (map: Map<number, number>, key: number, cents: number) => map.set(key, (map.get(key) ?? 0) + cents)

/**
 * Runs `operations` random operations from `clients` concurrent clients (client n acts as
 * buyer n; merchant and operator work is picked up by whichever client draws it) while a
 * reader takes consistent ledger snapshots. Every answer is counted; the model records
 * only what successes said.
 */
export async function runLedgerLoad(request: Requester, db: Db, world: LoadWorld, options: LoadOptions): Promise<LoadRun> {
  const random = seededRandom(options.seed)
  const pick = <T>(items: T[]): T | undefined => items[Math.floor(random() * items.length)]
  const model = options.model ?? newModel()
  const counts: OpCounts = Object.fromEntries(Object.keys(weights).map((k) => [k, { ok: 0, refused: {}, serverErrors: 0 }]))
  const pendingRecharges = new Map<number, { buyer: number; amountCents: number }>()
  const pendingWithdrawals = new Map<number, { buyer: number; amountCents: number }>()
  const openRefunds = new Map<number, number>()
  const transportErrors: string[] = []
  const serverErrorReplies: LoadRun['serverErrorReplies'] = []
  let negativeWalletReads = 0
  let walletReads = 0

  async function call(op: Op, method: HTTPMethods, url: string, body: object | undefined, options: RequestOptions) {
    let answer: Answer
    try {
      answer = await request(method, url, body, { ...options, ip: freshIp() })
    } catch (error) {
      transportErrors.push(`${op} ${url}: ${String(error).slice(0, 200)}`)
      // No answer (a server being restarted): wait before the next operation rather than spin.
      await new Promise((r) => setTimeout(r, 500))
      return undefined
    }
    const c = counts[op]!
    if (answer.status >= 500) {
      c.serverErrors++
      const requestId = (answer.body.data as { requestId?: string } | undefined)?.requestId ?? ''
      serverErrorReplies.push({ op, method, url, status: answer.status, requestId })
    } else if (answer.body.code === 1) c.ok++
    else c.refused[answer.body.msg] = (c.refused[answer.body.msg] ?? 0) + 1
    if (answer.body.code === 1) return answer.body.data as Record<string, unknown>
    const orderId = /^\/api\/(?:shop\/)?orders\/(\d+)\//.exec(url)?.[1] ?? (body as { orderIds?: number[] } | undefined)?.orderIds?.[0]
    if (orderId && answer.body.msg === 'Order status does not allow this') await refreshStatus(Number(orderId))
    return undefined
  }
  /** After a refusal, the order's state as its buyer sees it now (a sweep may have moved it). */
  async function refreshStatus(orderId: number) {
    const order = model.orders.get(orderId)
    if (!order) return
    const answer = await request('GET', `/api/orders/${orderId}`, undefined, {
      token: world.buyers[order.buyer]!.token,
      ip: freshIp(),
    }).catch(() => undefined)
    if (answer?.body.code === 1) order.status = (answer.body.data as { status: string }).status
  }
  const ordersOf = (buyer: number, ...states: string[]) =>
    [...model.orders.entries()].filter(([, o]) => o.buyer === buyer && states.includes(o.status)).map(([id]) => id)
  const anyOrders = (...states: string[]) => [...model.orders.entries()].filter(([, o]) => states.includes(o.status)).map(([id]) => id)

  async function place(n: number) {
    const buyer = world.buyers[n]!
    const sku = pick(world.skus)!
    const line = { listingId: sku.listingId, skuId: sku.skuId, quantity: 1 + Math.floor(random() * 3) }
    const data = await call('order', 'POST', '/api/orders', { lines: [line], addressId: buyer.addressId }, { token: buyer.token })
    const order = (data?.items as { id: number; totalCents: number; lines: { id: number }[] }[] | undefined)?.[0]
    if (!order) return undefined
    model.orders.set(order.id, {
      buyer: n,
      totalCents: order.totalCents,
      status: 'pending_payment',
      couponCents: 0,
      lineIds: order.lines.map((l) => l.id),
      shop: sku.merchant,
    })
    return order.id
  }

  async function payOrder(op: 'pay' | 'couponPay', n: number, id: number) {
    const body = { orderIds: [id], paymentPassword: '123456' }
    if (!(await call(op, 'POST', '/api/orders/pay', body, { token: world.buyers[n]!.token }))) return
    const order = model.orders.get(id)!
    if (order.status !== 'pending_payment') return void model.doubleWins.push(`order ${id} paid twice`)
    order.status = 'to_ship'
    model.paidAtMs.set(id, Date.now())
    add(model.paid, n, order.totalCents)
  }

  const run: Record<Op, (n: number) => Promise<void>> = {
    ...moreOperations({ request, call, random, pick, model, world, pay: payOrder }),
    ...caseOperations({ request, call, random, pick, model, world }),
    ...chainOperations({ call, random, model, world, db, counted: (op) => void counts[op]!.ok++ }),
    async recharge(n) {
      const b = world.buyers[n]!
      const amountCents = 1_000 + Math.floor(random() * 199_000)
      const body = { networkCode: 'TRC20', amountCents, proofUploadId: b.proofUploadId }
      const data = await call('recharge', 'POST', '/api/wallet/recharges', body, { token: b.token })
      if (!data) return
      pendingRecharges.set(data.id as number, { buyer: n, amountCents })
      model.rechargeIds.push(data.id as number)
    },
    async reviewRecharge() {
      const id = pick([...pendingRecharges.keys()])
      if (id === undefined) return
      const approve = random() < 0.8
      const url = `/api/admin/recharges/${id}/${approve ? 'approve' : 'reject'}`
      const data = await call('reviewRecharge', 'POST', url, approve ? {} : { reason: 'No transfer found' }, { headers: world.admin })
      if (!data) return
      const pending = pendingRecharges.get(id)
      if (!pending) return void model.doubleWins.push(`recharge ${id} reviewed twice`)
      pendingRecharges.delete(id)
      if (approve) add(model.recharged, pending.buyer, pending.amountCents)
    },
    async order(n) {
      await place(n)
    },
    async pay(n) {
      // An order placed long ago may have expired in a sweep; most payments follow their order at once.
      const id = random() < 0.3 ? pick(ordersOf(n, 'pending_payment')) : await place(n)
      if (id !== undefined) await payOrder('pay', n, id)
    },
    async cancel(n) {
      const id = random() < 0.5 ? pick(ordersOf(n, 'pending_payment')) : await place(n)
      if (id === undefined) return
      if (await call('cancel', 'POST', `/api/orders/${id}/cancel`, {}, { token: world.buyers[n]!.token }))
        model.orders.get(id)!.status = 'cancelled'
    },
    async ship() {
      const id = pick(anyOrders('to_ship'))
      if (id === undefined) return
      const merchant = world.merchants[model.orders.get(id)!.shop]!
      const body = { carrier: 'DHL', trackingNo: `LD${randomBytes(5).toString('hex')}` }
      const data = await call('ship', 'POST', `/api/shop/orders/${id}/ship`, body, { token: merchant.token })
      if (data) model.orders.get(id)!.status = data.status as string
    },
    async receive(n) {
      const id = pick(ordersOf(n, 'to_receive'))
      if (id === undefined) return
      const data = await call('receive', 'POST', `/api/orders/${id}/receive`, {}, { token: world.buyers[n]!.token })
      if (data) model.orders.get(id)!.status = data.status as string
    },
    async refund(n) {
      const id = pick(ordersOf(n, 'to_ship', 'to_receive', 'to_review'))
      if (id === undefined) return
      const order = model.orders.get(id)!
      const body = { lineId: pick(order.lineIds)!, quantity: 1, reason: 'Arrived damaged' }
      const data = await call('refund', 'POST', `/api/orders/${id}/refunds`, body, { token: world.buyers[n]!.token })
      if (!data) return
      order.status = data.status as string
      const refunds = data.refunds as { id: number; lineId: number; status: string }[]
      const opened = refunds.filter((r) => r.lineId === body.lineId && r.status === 'applied').at(-1)
      if (opened) openRefunds.set(opened.id, order.shop)
    },
    async reviewRefund() {
      const id = pick([...openRefunds.keys()])
      if (id === undefined) return
      const merchant = world.merchants[openRefunds.get(id)!]!
      const agree = random() < 0.75
      const url = `/api/shop/refunds/${id}/${agree ? 'agree' : 'refuse'}`
      const answered = await call('reviewRefund', 'POST', url, agree ? {} : { reason: 'Not as described' }, { token: merchant.token })
      if (answered === undefined) return
      if (!openRefunds.delete(id)) model.doubleWins.push(`refund ${id} decided twice`)
    },
    async withdraw(n) {
      const b = world.buyers[n]!
      const amountCents = 1_000 + Math.floor(random() * 99_000)
      const body = { networkCode: 'TRC20', addressId: b.withdrawalAddressId, amountCents, paymentPassword: '123456' }
      const data = await call('withdraw', 'POST', '/api/wallet/withdrawals', body, { token: b.token })
      if (!data) return
      pendingWithdrawals.set(data.id as number, { buyer: n, amountCents })
      model.withdrawalIds.push(data.id as number)
      add(model.withdrawn, n, amountCents)
    },
    async reviewWithdrawal() {
      const id = pick([...pendingWithdrawals.keys()])
      if (id === undefined) return
      const approve = random() < 0.7
      const url = `/api/admin/withdrawals/${id}/${approve ? 'approve' : 'reject'}`
      const body = approve ? { payoutTxHash: randomBytes(32).toString('hex') } : { reason: 'Address under review' }
      if (!(await call('reviewWithdrawal', 'POST', url, body, { headers: world.admin }))) return
      const pending = pendingWithdrawals.get(id)
      if (!pending) return void model.doubleWins.push(`withdrawal ${id} reviewed twice`)
      pendingWithdrawals.delete(id)
      add(approve ? model.withdrawalPaidOut : model.withdrawalReturned, pending.buyer, pending.amountCents)
    },
    async readWallet(n) {
      const data = await call('readWallet', 'GET', '/api/wallet', undefined, { token: world.buyers[n]!.token })
      if (!data) return
      walletReads++
      if ((data.availableCents as number) < 0 || (data.heldCents as number) < 0) negativeWalletReads++
    },
  }

  const ops = (Object.entries(weights) as [Op, number][]).filter(([op]) => !(options.withoutChain && op in chainWeights))
  const totalWeight = ops.reduce((sum, [, w]) => sum + w, 0)
  const drawOp = (): Op => {
    let r = random() * totalWeight
    for (const [op, w] of ops) {
      r -= w
      if (r < 0) return op
    }
    return 'readWallet'
  }
  let started = 0
  let running = true
  const snapshots = { taken: 0, nonZeroTotals: [] as number[], negativeBalances: [] as string[] }
  const reader = (async () => {
    while (running && options.snapshotEveryMs > 0) {
      const snap = await ledgerSnapshot(db)
      snapshots.taken++
      if (snap.totalCents !== 0) snapshots.nonZeroTotals.push(snap.totalCents)
      snapshots.negativeBalances.push(...snap.negative)
      await new Promise((r) => setTimeout(r, options.snapshotEveryMs))
    }
  })()
  const startMs = Date.now()
  await Promise.all(
    Array.from({ length: options.clients }, async (_, n) => {
      while (started < options.operations) {
        const number = ++started
        if (number % options.sweepEvery === 0) await runOrderSweeps(db, Date.now() + sweepAheadMs)
        const unansweredBefore = transportErrors.length
        await run[drawOp()](n % world.buyers.length)
        // An operation the server never answered (it was being restarted) does not count.
        if (transportErrors.length > unansweredBefore) started--
      }
    }),
  )
  const durationMs = Date.now() - startMs
  running = false
  await reader
  return { model, counts, durationMs, snapshots, negativeWalletReads, walletReads, transportErrors, serverErrorReplies }
}
