import type { Db } from '../../db/database.ts'
import { type ChainConfig, chainRules } from '../chain/settings-service.ts'
import { couponRules } from '../coupon/service.ts'
import { orderRules } from '../order/rules-service.ts'
import { listNetworks } from '../wallet/network-service.ts'

/**
 * Every rule that moves money, as the app publishes it (ARCHITECTURE.md: no hidden lever):
 * the order time rules, each network's fees, minimums, limits and monthly cap, the bounds of
 * coupons, the platform's time zone (a coupon valid through a day ends at its midnight there),
 * and per EVM network whether the chain credits deposits, after how many confirmations, from
 * what minimum, at what poll interval (issue 21).
 */
export async function publishedRules(db: Db, timeZone: string, chain: ChainConfig) {
  return {
    orders: await orderRules(db.kysely),
    networks: await listNetworks(db.kysely),
    coupons: couponRules(),
    timeZone,
    chainDeposits: await chainRules(db, chain),
  }
}
