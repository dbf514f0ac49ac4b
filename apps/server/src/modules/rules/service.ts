import type { Db } from '../../db/database.ts'
import { orderRules } from '../order/rules-service.ts'
import { listNetworks } from '../wallet/network-service.ts'

/**
 * Every rule that moves money, as the app publishes it (ARCHITECTURE.md: no hidden lever):
 * the order time rules and each network's fees, minimums, limits and monthly cap.
 */
export async function publishedRules(db: Db) {
  return { orders: await orderRules(db.kysely), networks: await listNetworks(db.kysely) }
}
