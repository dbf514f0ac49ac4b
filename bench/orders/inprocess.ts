/**
 * BENCH.md G8: the payment function in-process, no HTTP. A sequential loop calls the
 * product's payOrders() for M fresh orders; the same loop runs the F_pay floor's
 * four-statement transaction (bench/server/floors.ts, same tables) M times. A third loop
 * times the product's payment-password check alone (its attempt counter and the HMAC), to show
 * how much of a payment is the payment password.
 */
import type { Db } from '../../apps/server/src/db/database.ts'
import { verifyPaymentPassword } from '../../apps/server/src/modules/auth/payment-password-service.ts'
import { payOrders } from '../../apps/server/src/modules/order/payment-service.ts'
import type { Prng } from '../lib/prng.ts'
import { floorPay, type PayKysely, payAccountCount } from '../server/floors.ts'
import { type PoolOrder, paymentPassword } from './prepare.ts'

export interface LoopResult {
  ops: number
  opsPerS: number
  meanUs: number
  failures: number
}

async function loop(count: number, budgetMs: number, step: (i: number) => Promise<unknown>): Promise<LoopResult> {
  const start = performance.now()
  let ops = 0
  let failures = 0
  while (ops < count && performance.now() - start < budgetMs) {
    try {
      await step(ops)
    } catch {
      failures++
    }
    ops++
  }
  const ms = performance.now() - start
  return { ops, opsPerS: Math.round((ops / ms) * 1000 * 10) / 10, meanUs: Math.round((ms * 1000) / ops), failures }
}

export interface InProcessResult {
  payOrders: LoopResult
  floor: LoopResult
  pinCheck: LoopResult
  ratio: number
  /** payOrders' mean time less the PIN check's, in µs: the rest of the payment. */
  restUs: number
  /** That rest as a ratio to the floor; null when the difference is within noise (≤ 0). */
  ratioWithoutPin: number | null
}

export async function inProcessPayments(db: Db, orders: PoolOrder[], prng: Prng, budgetMs: number): Promise<InProcessResult> {
  const buyerId = orders[0]!.buyer.id
  // Warm-up: a few of each, not counted.
  const pair = () => {
    const fromId = prng.int(1, payAccountCount)
    return [fromId, ((fromId + prng.int(0, payAccountCount - 2)) % payAccountCount) + 1] as const
  }
  const payTables: PayKysely = db.kysely.withTables()
  for (let i = 0; i < 20; i++) await floorPay(payTables, ...pair(), 1)
  await verifyPaymentPassword(db, buyerId, paymentPassword)
  // payOrders too: its first calls compile its statements and code paths, which a timed loop of
  // a few hundred payments would count as if every payment paid for them.
  const warmUp = Math.min(30, Math.floor(orders.length / 10))
  const pay = (o: PoolOrder) => payOrders(db, o.buyer.id, { orderIds: [o.orderId], paymentPassword }, `bench-g8-${o.orderId}`)
  for (const o of orders.slice(0, warmUp)) await pay(o)
  const timed = orders.slice(warmUp)
  const payLoop = await loop(timed.length, budgetMs, (i) => pay(timed[i]!))

  const floor = await loop(Math.max(payLoop.ops, 2_000), budgetMs, async () => {
    if (!(await floorPay(payTables, ...pair(), prng.int(1, 10_000)))) throw new Error('floor debit refused')
  })
  const pinCheck = await loop(Math.max(payLoop.ops, 200), budgetMs, () => verifyPaymentPassword(db, buyerId, paymentPassword))
  const ratio = payLoop.opsPerS / floor.opsPerS
  const restUs = payLoop.meanUs - pinCheck.meanUs
  const ratioWithoutPin = restUs > 0 ? floor.meanUs / restUs : null
  return { payOrders: payLoop, floor, pinCheck, ratio, restUs, ratioWithoutPin }
}
