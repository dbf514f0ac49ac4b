/**
 * Counts the statements one call sends to the database, at the driver: every statement
 * better-sqlite3 runs or node-postgres sends (BEGIN and COMMIT included), whoever built it
 * (Kysely, a prepared statement, raw SQL). Used by the order bench to print what one payment
 * costs (issue 25: a payment was 33 statements).
 */
import SQLite from 'better-sqlite3'
import pg from 'pg'
import type { Db } from '../../apps/server/src/db/database.ts'
import { createOrders } from '../../apps/server/src/modules/order/checkout-service.ts'
import { payOrders } from '../../apps/server/src/modules/order/payment-service.ts'
import { type Buyer, paymentPassword, type Sku } from './prepare.ts'

export interface StatementCount {
  count: number
  /** Each statement's SQL, whitespace collapsed, in the order sent. */
  statements: string[]
}

type Patchable = Record<string, (...args: unknown[]) => unknown>

/**
 * Runs `fn` with the driver's statement methods wrapped and returns what they ran. Only
 * `fn` may use the database meanwhile (the bench calls it with nothing else in flight in
 * this process; the server under load is another process).
 */
export async function countStatements(db: Db, fn: () => Promise<unknown>): Promise<StatementCount> {
  const statements: string[] = []
  const note = (text: unknown) => statements.push(String(text).replace(/\s+/g, ' ').trim())
  const patches: { target: Patchable; name: string; original: (...args: unknown[]) => unknown }[] = []
  const wrap = (target: Patchable, name: string, textOf: (self: unknown, args: unknown[]) => unknown) => {
    const original = target[name]!
    patches.push({ target, name, original })
    target[name] = function (this: unknown, ...args: unknown[]) {
      note(textOf(this, args))
      return original.apply(this, args)
    }
  }
  if (db.dialect === 'sqlite') {
    const probe = new SQLite(':memory:')
    const proto = Object.getPrototypeOf(probe.prepare('select 1')) as Patchable
    probe.close()
    for (const name of ['run', 'all', 'get', 'iterate']) wrap(proto, name, (self) => (self as { source: string }).source)
  } else {
    wrap(pg.Client.prototype as unknown as Patchable, 'query', (_self, args) => {
      const first = args[0]
      return typeof first === 'string' ? first : (first as { text?: string }).text
    })
  }
  try {
    await fn()
  } finally {
    for (const p of patches.reverse()) p.target[p.name] = p.original
  }
  return { count: statements.length, statements }
}

export interface PaymentStatements {
  /** One payment of one order (the bench's G5 request, in-process). */
  oneOrder: StatementCount
  /** One payment of three orders of three shops: set-based writes keep it near the one-order count. */
  threeOrders: StatementCount
}

/**
 * Counts the statements of payOrders() in-process for a payment of one order and for one of
 * three orders of one buyer, each under its own Idempotency-Key (what the shop always sends).
 */
export async function paymentStatements(db: Db, buyer: Buyer, skus: Sku[]): Promise<PaymentStatements> {
  const byShop = [...new Map(skus.map((s) => [s.shopId, s])).values()]
  // One checkout of lines from n shops places n orders (one per shop), as the cart does.
  const place = async (n: number) =>
    createOrders(db, buyer.id, {
      lines: byShop.slice(0, n).map((s) => ({ listingId: s.listingId, skuId: s.skuId, quantity: 1 })),
      addressId: buyer.addressId,
      remarks: {},
      coupons: {},
    })
  const pay = async (n: number) => {
    const orderIds = (await place(n)).map((o) => o.id)
    return countStatements(db, () => payOrders(db, buyer.id, { orderIds, paymentPassword }, `bench-count-${orderIds[0]}`))
  }
  return { oneOrder: await pay(1), threeOrders: await pay(3) }
}
