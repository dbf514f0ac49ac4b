import type { Db } from '../../db/database.ts'
import { couponRules } from '../coupon/service.ts'
import { orderRules } from '../order/rules-service.ts'
import { listNetworks } from '../wallet/network-service.ts'

/**
 * Every rule that moves money, as the app publishes it (ARCHITECTURE.md: no hidden lever):
 * the order time rules, each network's fees, minimums, limits and monthly cap, and the
 * bounds of coupons.
 */
export async function publishedRules(db: Db) {
  return { orders: await orderRules(db.kysely), networks: await listNetworks(db.kysely), coupons: couponRules() }
}
