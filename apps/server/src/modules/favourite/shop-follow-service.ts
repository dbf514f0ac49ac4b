import type { CollectionCounts, FollowedShopPage, FollowState, MemberPageQuery } from '@bazaar/contract/member'
import type { Db, Trx } from '../../db/database.ts'
import { decodeCursor, encodeCursor } from '../../platform/cursor.ts'
import { AppError } from '../../platform/errors.ts'
import { changeShopFollowers } from '../catalog/inventory-service.ts'
import { shopNames, shopSummary, shopsByIds } from '../catalog/service.ts'
import { historyCount } from '../history/service.ts'
import * as repo from './repo.ts'

/**
 * Followed shops (SPEC §2 collect, shops tab; §3 Shop followers): a follow is a row here and
 * +1 on the shop's followers in the same transaction, so the figure people see is the number
 * of real follows.
 */

async function stateOf(trx: Trx, userId: number, shopId: number): Promise<FollowState> {
  const [following, shop] = await Promise.all([repo.isFollowing(trx, userId, shopId), shopsByIds(trx, [shopId])])
  return { following, followers: shop.get(shopId)?.followers ?? 0 }
}

/**
 * Follows a shop (twice is once). A merchant does not follow their own shop.
 * @throws 'Shop not found' | 'Cannot follow own shop'
 */
export async function followShop(db: Db, userId: number, shopId: number, nowMs = Date.now()): Promise<FollowState> {
  return db.kysely.transaction().execute(async (trx) => {
    const shop = (await shopNames(trx, [shopId])).get(shopId)
    if (!shop) throw new AppError('Shop not found')
    if (shop.ownerUserId === userId) throw new AppError('Cannot follow own shop')
    if (await repo.insertFollow(trx, userId, shopId, nowMs)) await changeShopFollowers(trx, shopId, 1)
    return stateOf(trx, userId, shopId)
  })
}

/**
 * Unfollows a shop (not following is fine).
 * @throws 'Shop not found'
 */
export async function unfollowShop(db: Db, userId: number, shopId: number): Promise<FollowState> {
  return db.kysely.transaction().execute(async (trx) => {
    if (!(await shopNames(trx, [shopId])).has(shopId)) throw new AppError('Shop not found')
    if (await repo.deleteFollow(trx, userId, shopId)) await changeShopFollowers(trx, shopId, -1)
    return stateOf(trx, userId, shopId)
  })
}

/**
 * Whether the user follows a shop, and its followers (the shop page's button).
 * @throws 'Shop not found'
 */
export async function followState(db: Db, userId: number, shopId: number): Promise<FollowState> {
  await shopSummary(db, shopId)
  return stateOf(db.kysely, userId, shopId)
}

/**
 * The user's followed shops with their header figures, newest follow first.
 * @throws 'Invalid cursor'
 */
export async function followedShops(db: Db, userId: number, query: MemberPageQuery): Promise<FollowedShopPage> {
  const after = query.cursor ? decodeCursor(query.cursor, 'follows') : undefined
  const rows = await repo.findFollowPage(db.kysely, userId, after && { atMs: after.value, shopId: after.id }, query.limit)
  const page = rows.slice(0, query.limit)
  const shops = await shopsByIds(
    db.kysely,
    page.map((r) => r.shop_id),
  )
  const last = page.at(-1)
  return {
    items: page.flatMap((r) => {
      const shop = shops.get(r.shop_id)
      return shop ? [{ ...shop, followedAtMs: r.created_at_ms }] : []
    }),
    nextCursor: rows.length > query.limit && last ? encodeCursor({ sort: 'follows', value: last.created_at_ms, id: last.shop_id }) : null,
  }
}

/** The member page's figures: favourite goods, followed shops, products in the browsing history. */
export async function collectionCounts(db: Db, userId: number): Promise<CollectionCounts> {
  const [goods, shops, history] = await Promise.all([
    repo.countFavourites(db.kysely, userId),
    repo.countFollows(db.kysely, userId),
    historyCount(db.kysely, userId),
  ])
  return { goods, shops, history }
}
