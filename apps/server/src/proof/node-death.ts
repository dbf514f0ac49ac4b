import { randomUUID } from 'node:crypto'
import { Order } from '@bazaar/contract/orders'
import { freshIp, type TestApp } from '../test/app-harness.ts'
import { creditWallet } from '../test/order-helpers.ts'
import { dataOf, itemsOf } from '../test/replies.ts'
import type { NodeProcess } from '../test/two-nodes.ts'
import { answeredByNode, loopbackClient, type Nginx, type RawAnswer, requestFrom } from './nginx.ts'
import { quick } from './results.ts'

/** What one request of the load was: an idempotent read, a keyed payment, an unkeyed cart add, or a race's request. */
type Kind = 'read' | 'keyedPay' | 'cartAdd' | 'racePay' | 'login'

/** One request of the load and what came back. */
interface Sent extends RawAnswer {
  kind: Kind
}

/** The people and things the load works on (made by the nodes proof). */
export interface DeathWorld {
  t: TestApp
  nginx: Nginx
  /** The node killed with SIGKILL in the middle of the load. */
  victim: NodeProcess
  /** Buyers with payment password 123456 and an address; the load needs 70 of them. */
  buyers: { token: string; userId: number; addressId: number }[]
  sku: { listing_id: number; sku_id: number }
  /** The shipped upstream's fail_timeout, ms. */
  failTimeoutMs: number
}

/** The figures of the load through a node's death and every problem found in them. */
export interface DeathFigures {
  requests: number
  /** Requests not answered by a node (nginx's 502, or no answer), by kind, at any time after the kill. */
  unansweredAfterKill: Partial<Record<Kind, number>>
  /** Of those, the ones sent once the fail timeout had passed since the kill: must be none. */
  unansweredAfterFailTimeout: number
  /** Requests nginx logged as tried on the dead node after the kill (each then went to the other, or failed). */
  triedOnDeadNode: number
  /** Requests nginx sent to a second node (their log lists two). */
  passedOnToOtherNode: number
  keyedPayments: { sent: number; succeeded: number; ordersPaidTwice: number }
  /** 30 payments of one order fired as the node died, half with an Idempotency-Key: payments of the order. */
  racedOrderPayments: number
  /** Wrong sign-ins from one address around the kill: how many a node let through (the limit is 20). */
  loginsPastLimit: number
  cartAdds: { sent: number; succeeded: number; unanswered: number; linesAdded: number; addedTwice: number }
  loadMs: number
  killAfterMs: number
  problems: string[]
}

const workers = quick ? 12 : 24
const keyedPayCount = 40
const racePays = 30
const killAfterMs = 1500
/** How long the load goes on after the fail timeout has passed since the kill. */
const tailMs = 3000

/** Places an unpaid order of one unit for a buyer (through the in-process app, from an address of its own). */
async function placeOrder(t: TestApp, buyer: DeathWorld['buyers'][number], sku: DeathWorld['sku']) {
  const answer = await t.post(
    '/api/orders',
    { lines: [{ listingId: sku.listing_id, skuId: sku.sku_id, quantity: 1 }], addressId: buyer.addressId },
    { token: buyer.token, ip: freshIp() },
  )
  return dataOf(itemsOf(Order), answer).items[0]!
}

/** Payments (ledger transfers of kind order_payment) of each order. */
async function paymentsOf(t: TestApp, orderIds: number[]): Promise<Map<number, number>> {
  const rows = await t.db.kysely
    .selectFrom('ledger_transfers')
    .select(['order_id'])
    .where('kind', '=', 'order_payment')
    .where('order_id', 'in', orderIds)
    .execute()
  const counts = new Map<number, number>()
  for (const r of rows) if (r.order_id !== null) counts.set(r.order_id, (counts.get(r.order_id) ?? 0) + 1)
  return counts
}

/**
 * One of two nodes dies under load (README, Several machines; issue 20): `workers` clients,
 * each from a loopback address of its own, send reads (GET /api/rules), payments of orders of
 * their own with an Idempotency-Key, and unkeyed cart adds, one per buyer, through nginx.
 * After `killAfterMs` the victim gets SIGKILL, and at that moment 30 payments of one order
 * (half keyed) and 100 wrong sign-ins from one address are fired. The load goes on until the
 * fail timeout has passed since the kill, and `tailMs` more.
 *
 * Problems: a request sent after the fail timeout not answered by the living node; a read or
 * keyed payment not answered at any time after the kill (both may be sent on to the other
 * node); an order paid twice, a keyed payment answered success without a payment, the raced
 * order paid other than once, more than 20 sign-ins past the limit, a cart line added twice
 * (an unkeyed POST run on both nodes) or more lines than answers and unknowns allow.
 */
export async function loadThroughDeath(world: DeathWorld): Promise<DeathFigures> {
  const { t, nginx, victim, buyers, sku, failTimeoutMs } = world
  const problems: string[] = []
  for (const b of buyers.slice(9, 10 + keyedPayCount)) await creditWallet(t, b.userId, 100_000_000)
  const payers = buyers.slice(10, 10 + keyedPayCount)
  const orders = []
  for (const b of payers) orders.push({ buyer: b, order: await placeOrder(t, b, sku) })
  const racer = buyers[9]!
  const racedOrder = await placeOrder(t, racer, sku)
  const pay = (from: string, token: string, orderId: number, key: string | undefined) =>
    requestFrom(nginx.port, from, 'POST', '/api/orders/pay', {
      body: { orderIds: [orderId], paymentPassword: '123456' },
      headers: { token, ...(key ? { 'idempotency-key': key } : {}) },
    })

  const sent: Sent[] = []
  const record = (kind: Kind) => (answer: RawAnswer) => {
    sent.push({ ...answer, kind })
    return answer
  }
  const keyedAnswers = new Map<number, RawAnswer>()
  const cartAnswers: RawAnswer[] = []
  const startMs = Date.now()
  // Payments and cart adds are spread evenly over the planned length, so some are in flight
  // as the node dies and some after the fail timeout.
  const plannedMs = killAfterMs + failTimeoutMs + tailMs
  const paced = <T>(items: T[]) => {
    let taken = 0
    return () => (taken < Math.min(items.length, ((Date.now() - startMs) / plannedMs) * items.length) ? items[taken++] : undefined)
  }
  const nextPayment = paced(orders)
  const nextAdder = paced(buyers)
  let killedAtMs = Number.POSITIVE_INFINITY
  let stopAtMs = Number.POSITIVE_INFINITY
  const worker = async (w: number) => {
    const from = loopbackClient()
    for (let i = w; Date.now() < stopAtMs; i++) {
      const job = i % 3
      const payment = job === 1 ? nextPayment() : undefined
      const adder = job === 2 ? nextAdder() : undefined
      if (payment) {
        const answer = await pay(from, payment.buyer.token, payment.order.id, randomUUID()).then(record('keyedPay'))
        keyedAnswers.set(payment.order.id, answer)
      } else if (adder) {
        const body = { listingId: sku.listing_id, skuId: sku.sku_id, quantity: 1 }
        cartAnswers.push(
          await requestFrom(nginx.port, from, 'POST', '/api/cart/items', { body, headers: { token: adder.token } }).then(record('cartAdd')),
        )
      } else await requestFrom(nginx.port, from, 'GET', '/api/rules').then(record('read'))
    }
  }
  const killer = async () => {
    await new Promise((r) => setTimeout(r, killAfterMs))
    const raceFrom = loopbackClient()
    const loginFrom = loopbackClient()
    const race = Promise.all(
      Array.from({ length: racePays }, (_, i) =>
        pay(raceFrom, racer.token, racedOrder.id, i % 2 === 0 ? randomUUID() : undefined).then(record('racePay')),
      ),
    )
    const logins = Promise.all(
      Array.from({ length: 100 }, (_, i) =>
        requestFrom(nginx.port, loginFrom, 'POST', '/api/auth/login', {
          body: { email: `death${i}@example.com`, password: 'wrong-password-1' },
        }).then(record('login')),
      ),
    )
    try {
      // Let the burst reach the nodes, so some of it is in flight on the victim when it dies.
      await new Promise((r) => setTimeout(r, 50))
      await victim.kill()
      killedAtMs = Date.now()
    } finally {
      // The load ends the same length after the kill, or after a kill that failed (the proof then fails on its error).
      stopAtMs = Math.min(killedAtMs, Date.now()) + failTimeoutMs + tailMs
    }
    return { race: await race, logins: await logins }
  }
  const [fired] = await Promise.all([killer(), ...Array.from({ length: workers }, (_, w) => worker(w))])
  const loadMs = Date.now() - startMs

  const afterKill = sent.filter((s) => s.doneAtMs >= killedAtMs)
  const unanswered = afterKill.filter((s) => !answeredByNode(s))
  const unansweredAfterKill: DeathFigures['unansweredAfterKill'] = {}
  for (const s of unanswered) unansweredAfterKill[s.kind] = (unansweredAfterKill[s.kind] ?? 0) + 1
  const late = unanswered.filter((s) => s.sentAtMs >= killedAtMs + failTimeoutMs)
  if (late.length > 0)
    problems.push(
      `${late.length} requests sent after the fail timeout not answered by a node, e.g. ${late
        .slice(0, 3)
        .map((s) => `${s.kind} ${s.status}`)
        .join(', ')}`,
    )
  for (const kind of ['read', 'keyedPay'] as const)
    if (unansweredAfterKill[kind]) problems.push(`${unansweredAfterKill[kind]} ${kind} requests after the kill not answered by a node`)

  const victimAddress = `127.0.0.1:${victim.port}`
  const logAfterKill = nginx.logged().filter((l) => l.atMs >= killedAtMs)
  const triedOnDeadNode = logAfterKill.filter((l) => l.upstreams.includes(victimAddress)).length
  const passedOnToOtherNode = nginx.logged().filter((l) => l.upstreams.length > 1).length

  const paid = await paymentsOf(
    t,
    orders.map((o) => o.order.id),
  )
  const ordersPaidTwice = [...paid.values()].filter((n) => n > 1).length
  if (ordersPaidTwice > 0) problems.push(`${ordersPaidTwice} orders paid twice`)
  let keyedSucceeded = 0
  for (const [orderId, answer] of keyedAnswers) {
    if (!answeredByNode(answer) || (JSON.parse(answer.text) as { code: number }).code !== 1) continue
    keyedSucceeded++
    if (paid.get(orderId) !== 1) problems.push(`order ${orderId}: payment answered success, ${paid.get(orderId) ?? 0} payments`)
  }
  const racedOrderPayments = (await paymentsOf(t, [racedOrder.id])).get(racedOrder.id) ?? 0
  if (racedOrderPayments !== 1) problems.push(`raced order paid ${racedOrderPayments} times, expected once`)
  const loginsPastLimit = fired.logins.filter((a) => answeredByNode(a) && a.status !== 429).length
  if (loginsPastLimit > 20) problems.push(`${loginsPastLimit} sign-ins from one address let through, limit 20`)

  const lines = await t.db.kysely
    .selectFrom('cart_items')
    .select(['user_id', 'quantity'])
    .where('listing_id', '=', sku.listing_id)
    .where('sku_id', '=', sku.sku_id)
    .where(
      'user_id',
      'in',
      buyers.map((b) => b.userId),
    )
    .execute()
  const cartSucceeded = cartAnswers.filter((a) => answeredByNode(a) && a.status === 200).length
  const cartUnanswered = cartAnswers.filter((a) => !answeredByNode(a)).length
  const addedTwice = lines.filter((l) => l.quantity > 1).length
  if (addedTwice > 0) problems.push(`${addedTwice} cart lines added twice by one unkeyed POST`)
  if (lines.length < cartSucceeded || lines.length > cartSucceeded + cartUnanswered)
    problems.push(`${lines.length} cart lines for ${cartSucceeded} answered adds and ${cartUnanswered} unanswered`)

  return {
    requests: sent.length,
    unansweredAfterKill,
    unansweredAfterFailTimeout: late.length,
    triedOnDeadNode,
    passedOnToOtherNode,
    keyedPayments: { sent: keyedAnswers.size, succeeded: keyedSucceeded, ordersPaidTwice },
    racedOrderPayments,
    loginsPastLimit,
    cartAdds: { sent: cartAnswers.length, succeeded: cartSucceeded, unanswered: cartUnanswered, linesAdded: lines.length, addedTwice },
    loadMs,
    killAfterMs,
    problems,
  }
}
