import { createHash } from 'node:crypto'
import { creditAfter, creditRules, dayMs } from '@bazaar/contract/merchant-values'
import type { Selectable } from 'kysely'
import type { Trx } from '../../db/database.ts'
import { AppError } from '../../platform/errors.ts'
import * as repo from './shop-repo.ts'
import type { ShopsTable } from './tables.ts'

/**
 * Shops as the merchant, bond and console services reach them (the `shops` table stays the
 * catalog's). Every function takes the caller's transaction and never begins one.
 */

/** A shop's columns in service shape. */
export interface ShopRecord {
  id: number
  ownerUserId: number
  name: string
  bio: string
  logoUploadId: number | null
  level: number
  creditScore: number
  status: 'active' | 'locked'
  isDemo: boolean
  freightCents: number
  shipCountries: string[]
  listingCount: number
  createdAtMs: number
}

const toRecord = (s: Selectable<ShopsTable>): ShopRecord => ({
  id: s.id,
  ownerUserId: s.owner_user_id,
  name: s.name,
  bio: s.bio,
  logoUploadId: s.logo_upload_id,
  level: s.level,
  creditScore: s.credit_score,
  status: s.status,
  isDemo: s.is_demo === 1,
  freightCents: s.freight_cents,
  shipCountries: JSON.parse(s.ship_countries_json) as string[],
  listingCount: s.listing_count,
  createdAtMs: Number(s.created_at_ms),
})

/**
 * One shop.
 * @throws 'Shop not found'
 */
export async function shopRecord(trx: Trx, shopId: number): Promise<ShopRecord> {
  const row = await repo.findShopRow(trx, shopId)
  if (!row) throw new AppError('Shop not found')
  return toRecord(row)
}

/**
 * Refuses a locked shop's merchant (SPEC §6: locked accounts are directed to customer
 * service); the merchant route plugins run it before each handler.
 * @throws 'Shop is locked' | 'Shop not found'
 */
export async function assertShopActive(trx: Trx, shopId: number): Promise<void> {
  if ((await shopRecord(trx, shopId)).status === 'locked') throw new AppError('Shop is locked')
}

/**
 * Opens a shop at level 1 for its owner (an approved application) with the starting credit
 * score of the credit rule.
 * @throws 'Shop name already taken' (the caller's transaction is then rolled back)
 */
export async function openShop(
  trx: Trx,
  shop: { ownerUserId: number; name: string; bio: string; logoUploadId: number | null; isDemo: boolean; level: number },
): Promise<number> {
  if (await repo.shopNameTaken(trx, shop.name)) throw new AppError('Shop name already taken')
  const row = await repo.insertShop(trx, {
    owner_user_id: shop.ownerUserId,
    name: shop.name,
    bio: shop.bio,
    logo_upload_id: shop.logoUploadId,
    level: shop.level,
    credit_score: creditRules.initial,
    is_demo: shop.isDemo ? 1 : 0,
    created_at_ms: Date.now(),
  })
  return row.id
}

/** Whether a name is free for a shop (case-insensitive; the shop's own name counts as free). */
export async function shopNameFree(trx: Trx, name: string, exceptShopId?: number): Promise<boolean> {
  return !(await repo.shopNameTaken(trx, name, exceptShopId))
}

/**
 * Changes a shop's settings (SPEC §2 setting): name, bio, logo, flat freight in cents and the
 * countries it delivers to (ISO codes; empty = everywhere).
 * @throws 'Shop name already taken'
 */
export async function changeShopSettings(
  trx: Trx,
  shopId: number,
  s: { name: string; bio: string; logoUploadId: number | null; freightCents: number; shipCountries: string[] },
): Promise<void> {
  if (await repo.shopNameTaken(trx, s.name, shopId)) throw new AppError('Shop name already taken')
  await repo.updateShop(trx, shopId, {
    name: s.name,
    bio: s.bio,
    logo_upload_id: s.logoUploadId,
    freight_cents: s.freightCents,
    ship_countries_json: JSON.stringify([...new Set(s.shipCountries)].sort()),
  })
}

/**
 * Moves a shop from `fromLevel` to `toLevel`, conditionally: among concurrent changes from
 * the same level exactly one applies.
 * @returns whether this call moved it
 */
export function moveShopLevel(trx: Trx, shopId: number, fromLevel: number, toLevel: number): Promise<boolean> {
  return repo.moveShopLevel(trx, shopId, fromLevel, toLevel)
}

/**
 * Adds points of the credit rule (contract `creditRules`: + for a completed order, − for a
 * refund) to a shop's score, kept within its bounds.
 */
export async function addShopCredit(trx: Trx, shopId: number, points: number): Promise<void> {
  if (points !== 0) await repo.addCredit(trx, shopId, points, creditRules.min, creditRules.max)
}

/** Sets a shop's credit score (an operator's decision), kept within the rule's bounds. */
export async function setShopCredit(trx: Trx, shopId: number, score: number): Promise<void> {
  const r = await repo.updateShop(trx, shopId, { credit_score: creditAfter(score, 0) })
  if (Number(r.numUpdatedRows) !== 1) throw new AppError('Shop not found')
}

/**
 * Locks or unlocks a shop: a locked shop sells nothing and its merchant routes answer
 * 'Shop is locked'.
 * @throws 'Shop not found'
 */
export async function setShopLocked(trx: Trx, shopId: number, locked: boolean): Promise<void> {
  const r = await repo.updateShop(trx, shopId, { status: locked ? 'locked' : 'active' })
  if (Number(r.numUpdatedRows) !== 1) throw new AppError('Shop not found')
}

/**
 * Counts a visitor of a shop's home for today (SPEC §3 Shop dashboard, visitors): the same
 * visitor (user, else client address) counts once a day; only a keyed hash is stored.
 */
export async function recordShopVisit(trx: Trx, shopId: number, visitorKey: string, nowMs = Date.now()): Promise<void> {
  const day = Math.floor(nowMs / dayMs)
  const visitorHash = createHash('sha256').update(`${shopId}:${day}:${visitorKey}`).digest('base64url').slice(0, 22)
  await repo.insertVisit(trx, { shop_id: shopId, day, visitor_hash: visitorHash })
}

/** A shop's visitors per UTC day since `sinceDay` and in all. */
export function shopVisitors(trx: Trx, shopId: number, sinceDay: number) {
  return repo.countVisits(trx, shopId, sinceDay)
}

/** A page of shops for the console (by id, optionally by a name fragment); reads `limit + 1`. */
export async function shopAdminPage(trx: Trx, query: { q?: string; afterId?: number; limit: number }): Promise<ShopRecord[]> {
  return (await repo.findShopAdminPage(trx, query)).map(toRecord)
}

/** Shops opened per UTC day since a time (the console's overview). */
export function shopsOpenedSince(trx: Trx, sinceMs: number) {
  return repo.countShopsSince(trx, sinceMs, dayMs)
}

/** The highest level any shop is at (0 without shops): the level table must keep it. */
export async function highestShopLevel(trx: Trx): Promise<number> {
  const row = await trx
    .selectFrom('shops')
    .select((eb) => eb.fn.max('level').as('level'))
    .executeTakeFirst()
  return Number(row?.level ?? 0)
}
