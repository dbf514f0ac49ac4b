import type { AdminOverview } from '@bazaar/contract/merchant-console'
import { dashboardDays, dayMs } from '@bazaar/contract/merchant-values'
import type { z } from 'zod'
import type { Db, Trx } from '../../db/database.ts'
import { recordAudit } from '../../platform/audit.ts'
import { afterIdOf, nextIdCursor } from '../../platform/cursor.ts'
import { userPage, userSummaries } from '../auth/service.ts'
import { pricingByLevel, processingRequestCount } from '../bond/service.ts'
import { repriceListings } from '../catalog/listing-service.ts'
import { exportPurchasePrices, importPurchasePrices, setPurchasePrice, skuPricePage } from '../catalog/purchase-price-service.ts'
import { setShopCredit, setShopLocked, shopAdminPage, shopRecord, shopsOpenedSince } from '../catalog/shop-service.ts'
import { paidOrdersByDay } from '../order/shop-orders-service.ts'
import { bondBalances, platformKindSums } from '../wallet/merchant-service.ts'
import { reviewQueue } from '../wallet/service.ts'
import { applicationsWaiting } from './application-service.ts'

/**
 * The operators' console for merchant stores (SPEC §6, ARCHITECTURE.md admin): shops with
 * level, credit and lock; the catalogue's purchase prices (one, or CSV); the overview. Each
 * change writes its audit entry in its own transaction.
 */

/**
 * Shops by id with owner, level, credit, lock, demo mark and bond.
 * @throws 'Invalid cursor'
 */
export async function shopList(db: Db, query: { q?: string; cursor?: string; limit: number }) {
  const rows = await shopAdminPage(db.kysely, { q: query.q, afterId: afterIdOf(query.cursor, 'shops-admin'), limit: query.limit })
  const page = rows.slice(0, query.limit)
  const [owners, bonds] = await Promise.all([
    userSummaries(
      db.kysely,
      page.map((s) => s.ownerUserId),
    ),
    bondBalances(
      db.kysely,
      page.map((s) => s.id),
    ),
  ])
  return {
    items: page.map((s) => ({
      id: s.id,
      name: s.name,
      ownerUserId: s.ownerUserId,
      ownerEmail: owners.get(s.ownerUserId)?.email ?? '',
      level: s.level,
      creditScore: s.creditScore,
      status: s.status,
      isDemo: s.isDemo,
      bondCents: bonds.get(s.id) ?? 0,
      listingCount: s.listingCount,
      createdAtMs: s.createdAtMs,
    })),
    nextCursor: nextIdCursor(rows, query.limit, 'shops-admin'),
  }
}

/**
 * Sets a shop's credit score (audited with before and after).
 * @throws 'Shop not found'
 */
export async function changeShopCredit(db: Db, operatorId: number, shopId: number, creditScore: number): Promise<void> {
  await db.kysely.transaction().execute(async (trx) => {
    const before = (await shopRecord(trx, shopId)).creditScore
    await setShopCredit(trx, shopId, creditScore)
    await recordAudit(trx, {
      operatorId,
      action: 'shop.credit',
      targetType: 'shop',
      targetId: shopId,
      detail: { before, after: creditScore },
    })
  })
}

/**
 * Locks or unlocks a shop (audited): a locked shop sells nothing and its merchant routes answer 'Shop is locked'.
 * @throws 'Shop not found'
 */
export async function changeShopLock(db: Db, operatorId: number, shopId: number, locked: boolean): Promise<void> {
  await db.kysely.transaction().execute(async (trx) => {
    await setShopLocked(trx, shopId, locked)
    await recordAudit(trx, { operatorId, action: locked ? 'shop.lock' : 'shop.unlock', targetType: 'shop', targetId: shopId })
  })
}

/**
 * SKUs with retail and purchase prices.
 * @throws 'Invalid cursor'
 */
export async function skuPrices(db: Db, query: { q?: string; cursor?: string; limit: number }) {
  const rows = await skuPricePage(db.kysely, { q: query.q, afterId: afterIdOf(query.cursor, 'skus'), limit: query.limit })
  return {
    items: rows.slice(0, query.limit),
    nextCursor: nextIdCursor(
      rows.map((r) => ({ ...r, id: r.skuId })),
      query.limit,
      'skus',
    ),
  }
}

async function repriceSkus(trx: Trx, skuIds: number[]): Promise<void> {
  if (skuIds.length > 0) await repriceListings(trx, { skuIds }, await pricingByLevel(trx))
}

/**
 * Sets one SKU's purchase price in cents; every listing of it is priced again at its
 * shop's ratio; audited with before and after.
 * @throws 'Product not found'
 */
export async function changePurchasePrice(db: Db, operatorId: number, skuId: number, purchasePriceCents: number): Promise<void> {
  await db.kysely.transaction().execute(async (trx) => {
    const before = await setPurchasePrice(trx, skuId, purchasePriceCents)
    await repriceSkus(trx, [skuId])
    await recordAudit(trx, {
      operatorId,
      action: 'catalogue.purchase_price',
      targetType: 'sku',
      targetId: skuId,
      detail: { before, after: purchasePriceCents },
    })
  })
}

/** Every SKU's purchase price as CSV (see catalog/purchase-price-service.ts for the columns). */
export function purchasePricesCsv(db: Db): Promise<string> {
  return exportPurchasePrices(db.kysely)
}

/**
 * Applies a CSV of purchase prices in one transaction: good lines change their SKUs (and
 * their listings' prices), refused lines are reported; audited with the counts.
 * @throws 'Invalid CSV'
 */
export async function importPurchasePricesCsv(db: Db, operatorId: number, text: string) {
  return db.kysely.transaction().execute(async (trx) => {
    const result = await importPurchasePrices(trx, text)
    await repriceSkus(trx, result.changedSkuIds)
    await recordAudit(trx, {
      operatorId,
      action: 'catalogue.purchase_prices_csv',
      targetType: 'catalogue',
      targetId: 'purchase_prices',
      detail: { updated: result.updated, unchanged: result.unchanged, refused: result.errors.length },
    })
    return { updated: result.updated, unchanged: result.unchanged, errors: result.errors }
  })
}

/**
 * Users opened per UTC day since `sinceMs`, through the auth service's user pages: ids grow
 * with time, so a binary search finds the first new id and the pages after it are counted.
 */
async function newUsersByDay(trx: Trx, sinceMs: number): Promise<Map<number, number>> {
  let low = 0
  let high = 2 ** 31 - 1
  while (low < high) {
    const mid = Math.floor((low + high) / 2)
    const next = (await userPage(trx, { afterId: mid, limit: 1 }))[0]
    if (!next) high = mid
    else if (Number(next.created_at_ms) >= sinceMs) high = mid
    else low = mid + 1
  }
  const byDay = new Map<number, number>()
  let afterId = low
  for (;;) {
    const rows = await userPage(trx, { afterId, limit: 1000 })
    for (const u of rows) {
      const day = Math.floor(Number(u.created_at_ms) / dayMs)
      if (Number(u.created_at_ms) >= sinceMs) byDay.set(day, (byDay.get(day) ?? 0) + 1)
    }
    if (rows.length <= 1000) break
    afterId = rows[999]!.id
  }
  return byDay
}

/**
 * The console's overview: today and the last 30 UTC days (turnover = order payments less
 * refunds from the ledger, paid orders, new users, new shops), a per-day series, and the
 * queues waiting (applications, bond requests, recharges, withdrawals).
 */
export async function overview(db: Db, nowMs = Date.now()): Promise<z.infer<typeof AdminOverview>> {
  const trx = db.kysely
  const todayDay = Math.floor(nowMs / dayMs)
  const sinceDay = todayDay - (dashboardDays - 1)
  const sinceMs = sinceDay * dayMs
  const [ledger, orders, users, shops] = await Promise.all([
    platformKindSums(trx, nowMs, sinceMs),
    paidOrdersByDay(trx, sinceMs),
    newUsersByDay(trx, sinceMs),
    shopsOpenedSince(trx, sinceMs),
  ])
  const days = Array.from({ length: dashboardDays }, (_, i) => {
    const day = sinceDay + i
    const sums = ledger.byDay.get(day)
    return {
      dayStartMs: day * dayMs,
      turnoverCents: (sums?.get('order_payment') ?? 0) - (sums?.get('order_refund') ?? 0),
      orders: orders.get(day) ?? 0,
      newUsers: users.get(day) ?? 0,
      newShops: shops.find((s) => s.day === day)?.n ?? 0,
    }
  })
  const total = (list: typeof days) => ({
    turnoverCents: list.reduce((s, d) => s + d.turnoverCents, 0),
    orders: list.reduce((s, d) => s + d.orders, 0),
    newUsers: list.reduce((s, d) => s + d.newUsers, 0),
    newShops: list.reduce((s, d) => s + d.newShops, 0),
  })
  const queue = async (kind: 'recharges' | 'withdrawals') => {
    let count = 0
    let cursor: string | undefined
    do {
      const page = await reviewQueue(trx, kind, { status: 'pending', cursor, limit: 100 })
      count += page.items.length
      cursor = page.nextCursor ?? undefined
    } while (cursor)
    return count
  }
  return {
    today: total(days.slice(-1)),
    last30Days: total(days),
    days,
    queues: {
      applications: await applicationsWaiting(trx),
      bondRequests: await processingRequestCount(trx),
      recharges: await queue('recharges'),
      withdrawals: await queue('withdrawals'),
    },
  }
}
