import type { Db } from '../../db/database.ts'
import { couponRules } from '../coupon/service.ts'
import { orderRules } from '../order/rules-service.ts'
import { listNetworks } from '../wallet/network-service.ts'

/**
 * Every rule that moves money, as the app publishes it (ARCHITECTURE.md: no hidden lever):
 * the order time rules, each network's fees, minimums, limits and monthly cap, the bounds of
 * coupons, and the platform's time zone (a coupon valid through a day ends at its midnight there).
 */
export async function publishedRules(db: Db, timeZone: string) {
  return { orders: await orderRules(db.kysely), networks: await listNetworks(db.kysely), coupons: couponRules(), timeZone }
}
