import type { Dashboard } from '@bazaar/contract/merchant-dashboard'
import type { CatalogueQuery } from '@bazaar/contract/merchant-listings'
import type { MyShop, ShopSettingsBody } from '@bazaar/contract/merchant-shop'
import { creditRules, dashboardDays, dayMs, rateBasisPoints } from '@bazaar/contract/merchant-values'
import type { Db } from '../../db/database.ts'
import { AppError } from '../../platform/errors.ts'
import type { Storage } from '../../platform/storage.ts'
import { isUniqueViolation } from '../../platform/unique-violation.ts'
import { levelRules, listingRulesOf } from '../bond/service.ts'
import { catalogueForShop, catalogueItemForShop } from '../catalog/catalogue-service.ts'
import { addListing, deleteListing, merchantListing, merchantListingPage, setListingOnSale } from '../catalog/listing-service.ts'
import { changeShopSettings, shopRecord, shopVisitors } from '../catalog/shop-service.ts'
import { shopCaseFigures, shopOrderFigures } from '../order/shop-orders-service.ts'
import { openUpload, ownUpload } from '../uploads/service.ts'
import { merchantDashboardBalances, shopKindSums } from '../wallet/merchant-service.ts'

/**
 * The merchant's own shop (SPEC §2 shop index, goods_*, setting): its profile and settings,
 * listings within its level's rules, and the dashboard. Each entry point reads or begins
 * its own transaction and reaches catalog, bond, order and wallet through their services.
 */

/** The merchant's shop with its level's rules and credit (SPEC §3 Shop). */
export async function myShop(db: Db, shopId: number): Promise<MyShop> {
  const shop = await shopRecord(db.kysely, shopId)
  return {
    id: shop.id,
    name: shop.name,
    bio: shop.bio,
    logoUploadId: shop.logoUploadId,
    level: shop.level,
    levelRules: await levelRules(db.kysely, shop.level),
    creditScore: shop.creditScore,
    lowCredit: shop.creditScore < creditRules.lowCreditBelow,
    freightCents: shop.freightCents,
    shipCountries: shop.shipCountries,
    status: shop.status,
    isDemo: shop.isDemo,
    listingCount: shop.listingCount,
    createdAtMs: shop.createdAtMs,
  }
}

/**
 * Changes the shop's settings: name, bio, logo (the merchant's own `shop_logo` upload), flat
 * freight in cents, delivery countries (empty = everywhere; checkout refuses others with 'no_order').
 * @throws 'Shop name already taken' | 'Upload not found'
 */
export async function changeSettings(db: Db, merchant: { shopId: number; userId: number }, body: ShopSettingsBody): Promise<MyShop> {
  await db.kysely.transaction().execute(async (trx) => {
    if (body.logoUploadId !== null && !(await ownUpload(trx, body.logoUploadId, merchant.userId, 'shop_logo')))
      throw new AppError('Upload not found')
    await changeShopSettings(trx, merchant.shopId, body)
  })
  return myShop(db, merchant.shopId)
}

/**
 * The catalogue to list from, priced at the shop's level's ratio.
 * @throws 'Invalid cursor' | 'Please enter key words' | 'Category not found'
 */
export async function catalogue(db: Db, shopId: number, query: CatalogueQuery) {
  const shop = await shopRecord(db.kysely, shopId)
  const rules = await listingRulesOf(db.kysely, shop.level)
  return catalogueForShop(db, shopId, query, rules.profitRatioBasisPoints)
}

/**
 * One catalogue product priced at the shop's level's ratio, with the shop's listing of it if
 * any (SPEC §2 goods_add_detail: its link opens the product without the list before it).
 * @throws 'Product not found'
 */
export async function catalogueItem(db: Db, shopId: number, productId: number) {
  const shop = await shopRecord(db.kysely, shopId)
  const rules = await listingRulesOf(db.kysely, shop.level)
  return catalogueItemForShop(db, shopId, productId, rules.profitRatioBasisPoints)
}

/**
 * Lists a catalogue product (SPEC §2 goods_add): all its SKUs at the level's ratio, within
 * the level's listing count ('sj_zdsps') and, for a low-credit shop, the price cap ('sj_zdjg').
 * @throws 'Product not found' | 'Product already listed' | 'sj_zdsps' | 'sj_zdjg'
 */
export async function listProduct(db: Db, shopId: number, body: { productId: number; stock: number }) {
  let listingId: number
  try {
    listingId = await db.kysely.transaction().execute(async (trx) => {
      const shop = await shopRecord(trx, shopId)
      return addListing(trx, shopId, body.productId, await listingRulesOf(trx, shop.level), body.stock)
    })
  } catch (error) {
    // Two adds of one product at once: the unique (shop, product) index lets one through.
    if (isUniqueViolation(error, 'listings_shop_product')) throw new AppError('Product already listed')
    throw error
  }
  return merchantListing(db.kysely, shopId, listingId)
}

/**
 * Puts a listing on the shelf (within the level's count) or off it (SPEC §2 goods_manage).
 * @throws 'Listing not found' | 'sj_zdsps'
 */
export async function setShelf(db: Db, shopId: number, listingId: number, onSale: boolean) {
  await db.kysely.transaction().execute(async (trx) => {
    const shop = await shopRecord(trx, shopId)
    const rules = await listingRulesOf(trx, shop.level)
    await setListingOnSale(trx, shopId, listingId, onSale, rules.maxListings)
  })
}

/**
 * Deletes a listing (SPEC §5: the screen asks first).
 * @throws 'Listing not found'
 */
export async function removeListing(db: Db, shopId: number, listingId: number): Promise<void> {
  await db.kysely.transaction().execute((trx) => deleteListing(trx, shopId, listingId))
}

/**
 * The shop's listings, newest first.
 * @throws 'Invalid cursor'
 */
export function listings(db: Db, shopId: number, query: { status?: 'on_sale' | 'off_shelf'; cursor?: string; limit: number }) {
  return merchantListingPage(db.kysely, shopId, query)
}

const sum = (m: Map<string, number> | undefined, ...kinds: string[]) => kinds.reduce((s, k) => s + (m?.get(k) ?? 0), 0)
/** Money buyers put into the shop's orders less what went back to them. */
const turnoverOf = (m: Map<string, number> | undefined) => sum(m, 'order_payment') - sum(m, 'order_refund')

/**
 * The merchant dashboard (SPEC §3 Shop dashboard), each figure from orders and the ledger as
 * ARCHITECTURE.md defines it (see contract `Dashboard`), and the last `dashboardDays` UTC
 * days for a chart. Money in cents. `merchant.userId` owns the shop (the merchant group's
 * session gives the caller's own shop), so every read goes at once: eight statements.
 */
export async function dashboard(db: Db, merchant: { shopId: number; userId: number }, nowMs = Date.now()): Promise<Dashboard> {
  const { shopId, userId } = merchant
  const trx = db.kysely
  const todayDay = Math.floor(nowMs / dayMs)
  const sinceDay = todayDay - (dashboardDays - 1)
  const sinceMs = sinceDay * dayMs
  const [shop, ledger, orders, visitors, balances, cases] = await Promise.all([
    shopRecord(trx, shopId),
    shopKindSums(trx, shopId, nowMs, sinceMs),
    shopOrderFigures(trx, shopId, nowMs, sinceMs),
    shopVisitors(trx, shopId, sinceDay),
    merchantDashboardBalances(trx, userId, shopId),
    shopCaseFigures(trx, shopId, sinceMs),
  ])
  const paidOrders = [...orders.ordersByDay.values()].reduce((a, b) => a + b, 0)
  const pendingSettlementCents =
    sum(ledger.total, 'order_payment', 'order_coupon') - sum(ledger.total, 'order_refund', 'coupon_return', 'order_settlement')
  const bondCents = balances.bondCents
  return {
    goodsOnSale: shop.listingCount,
    visitorsToday: visitors.byDay.find((d) => d.day === todayDay)?.visitors ?? 0,
    visitorsTotal: visitors.total,
    orders: orders.orders,
    ordersToday: orders.ordersToday,
    turnoverCents: turnoverOf(ledger.total),
    pendingOrders: orders.pendingOrders,
    pendingSettlementCents,
    withdrawableCents: balances.availableCents,
    bondCents,
    // Platform coupon money paid into the shop's orders, less the shares refunds gave back to marketing.
    supportFundCents: sum(ledger.total, 'order_coupon') - sum(ledger.total, 'coupon_return'),
    totalOperatingFundsCents: balances.availableCents + pendingSettlementCents + bondCents,
    todayProfitCents: orders.todayProfitCents,
    totalProfitCents: orders.totalProfitCents,
    days: Array.from({ length: dashboardDays }, (_, i) => {
      const day = sinceDay + i
      return {
        dayStartMs: day * dayMs,
        turnoverCents: turnoverOf(ledger.byDay.get(day)),
        orders: orders.ordersByDay.get(day) ?? 0,
        profitCents: orders.profitByDay.get(day) ?? 0,
        visitors: visitors.byDay.find((d) => d.day === day)?.visitors ?? 0,
      }
    }),
    afterSales: {
      paidOrders,
      cases: cases.cases,
      disputesRefunded: cases.disputesLost,
      refundRateBp: rateBasisPoints(cases.cases, paidOrders),
      disputeRateBp: rateBasisPoints(cases.disputesLost, paidOrders),
    },
  }
}

/**
 * A shop's logo, for everyone: the merchant's own `shop_logo` upload it chose to show (checked
 * when it was set), read as operators read uploads.
 * @throws 'Shop not found' | 'Image not found' (no logo) | 'Upload not found'
 */
export async function shopLogo(db: Db, storage: Storage, shopId: number) {
  const shop = await shopRecord(db.kysely, shopId)
  if (shop.logoUploadId === null) throw new AppError('Image not found')
  return openUpload(db, storage, shop.logoUploadId, { operator: true })
}
