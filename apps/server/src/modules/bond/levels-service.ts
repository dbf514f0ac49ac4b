import type { BondLevel } from '@bazaar/contract/bond'
import { trafficScorePoints } from '@bazaar/contract/bond-values'
import type { Db } from '../../db/database.ts'
import { recordAudit } from '../../platform/audit.ts'
import { AppError } from '../../platform/errors.ts'
import { repriceListings } from '../catalog/listing-service.ts'
import { highestShopLevel } from '../catalog/shop-service.ts'
import * as repo from './repo.ts'
import { levelTable, pricingByLevel } from './service.ts'

/**
 * Replaces the bond level table (operators; SPEC §3 Bond level). The contract's
 * `BondLevelsBody` checked its shape (levels 1..n, each higher one costing more and giving
 * no less); it must still hold every level a shop is at. Listings of shops at levels whose
 * ratio or traffic changed are priced again; bonds already paid stay as they are (a later
 * change of level pays or returns the difference from the actual bond). Audited with before
 * and after, in one transaction.
 * @throws 'Invalid parameters' (a level in use would disappear)
 */
export async function changeLevelTable(db: Db, operatorId: number, levels: BondLevel[]): Promise<BondLevel[]> {
  await db.kysely.transaction().execute(async (trx) => {
    if (levels.length < (await highestShopLevel(trx)))
      throw new AppError('Invalid parameters', { fields: { levels: 'Invalid parameters' } })
    const before = await levelTable(trx)
    const nowMs = Date.now()
    await repo.replaceLevels(
      trx,
      levels.map((l) => ({
        level: l.level,
        bond_cents: l.bondCents,
        profit_ratio_bp: l.profitRatioBasisPoints,
        daily_traffic: l.dailyTraffic,
        max_listings: l.maxListings,
        updated_at_ms: nowMs,
      })),
    )
    const changed = levels
      .filter((l) => {
        const old = before.find((b) => b.level === l.level)
        return (
          !old ||
          old.profitRatioBasisPoints !== l.profitRatioBasisPoints ||
          trafficScorePoints(old.dailyTraffic) !== trafficScorePoints(l.dailyTraffic)
        )
      })
      .map((l) => l.level)
    if (changed.length > 0) await repriceListings(trx, { levels: changed }, await pricingByLevel(trx))
    await recordAudit(trx, {
      operatorId,
      action: 'bond.levels',
      targetType: 'settings',
      targetId: 'bond_levels',
      detail: { before, after: levels },
    })
  })
  return levelTable(db.kysely)
}
