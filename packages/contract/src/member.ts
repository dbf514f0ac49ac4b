import { z } from 'zod'
import { ImageRef, ShopSummary } from './catalog.ts'
import { cursorParam } from './text.ts'

/** A followed shop (SPEC §2 collect, shops tab): the shop's header figures and when it was followed. */
export const FollowedShop = ShopSummary.extend({ followedAtMs: z.number().int() })
export type FollowedShop = z.infer<typeof FollowedShop>
export const FollowedShopPage = z.object({ items: z.array(FollowedShop), nextCursor: z.string().nullable() })
export type FollowedShopPage = z.infer<typeof FollowedShopPage>

/** Whether the signed-in user follows a shop, and the shop's followers (real follows only). */
export const FollowState = z.object({ following: z.boolean(), followers: z.number().int() })
export type FollowState = z.infer<typeof FollowState>

/**
 * The member page's figures (SPEC §3 'dynamic counts: collection, concern, footprint'):
 * favourite goods, followed shops and products in the browsing history.
 */
export const CollectionCounts = z.object({ goods: z.number().int(), shops: z.number().int(), history: z.number().int() })
export type CollectionCounts = z.infer<typeof CollectionCounts>

/** One product in the browsing history (SPEC §2 member/history), newest view first. */
export const HistoryItem = z.object({
  listingId: z.number().int(),
  title: z.string(),
  priceCents: z.number().int(),
  image: ImageRef.nullable(),
  shop: z.object({ id: z.number().int(), name: z.string() }),
  viewedAtMs: z.number().int(),
})
export type HistoryItem = z.infer<typeof HistoryItem>
export const HistoryPage = z.object({ items: z.array(HistoryItem), nextCursor: z.string().nullable() })
export type HistoryPage = z.infer<typeof HistoryPage>

/** Cursor pages of the member lists (follows, history). */
export const MemberPageQuery = z
  .object({
    cursor: cursorParam.optional(),
    limit: z.coerce
      .number()
      .int('Page size must be 1 to 100')
      .min(1, 'Page size must be 1 to 100')
      .max(100, 'Page size must be 1 to 100')
      .default(20),
  })
  .strict()
export type MemberPageQuery = z.infer<typeof MemberPageQuery>
