import SQLite from 'better-sqlite3'
import type { BenchRequest } from '../lib/load.ts'
import { withAdmin } from '../seed/postgres.ts'
import { type PoolOrder, paymentPassword } from './prepare.ts'

/** The order benchmark's request makers (bench/orders.ts). */

/** Hands out each pool order once; counts draws past the end (they re-send a paid order). */
export function orderQueue(pool: PoolOrder[]) {
  let next = 0
  return {
    take: () => pool[next++ % pool.length] as PoolOrder,
    get drawn() {
      return next
    },
    get exhausted() {
      return Math.max(0, next - pool.length)
    },
  }
}

/** The payment of one pool order, under its own Idempotency-Key. */
export function payRequest(order: PoolOrder, tag: string): BenchRequest {
  return {
    method: 'POST',
    path: '/api/orders/pay',
    headers: { token: order.buyer.token, 'idempotency-key': `bench-${tag}-${order.orderId}` },
    body: { orderIds: [order.orderId], paymentPassword },
  }
}

/** SQLite's and PostgreSQL's versions, for the run's record. */
export async function databaseVersions() {
  const memory = new SQLite(':memory:')
  const sqlite = (memory.prepare('select sqlite_version() as v').get() as { v: string }).v
  memory.close()
  const postgres = await withAdmin(
    async (c) => (await c.query<{ server_version: string }>('show server_version')).rows[0]?.server_version ?? null,
  ).catch(() => null)
  return { sqlite, postgres }
}
