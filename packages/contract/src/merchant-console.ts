import { z } from 'zod'
import { pageCursor, pageLimit } from './merchant-fields.ts'
import { maxPurchasePriceCents } from './merchant-values.ts'
import { singleLine } from './text.ts'

/** A shop in the console. */
export const AdminShop = z.object({
  id: z.number().int(),
  name: z.string(),
  ownerUserId: z.number().int(),
  ownerEmail: z.string(),
  level: z.number().int(),
  creditScore: z.number().int(),
  status: z.enum(['active', 'locked']),
  isDemo: z.boolean(),
  bondCents: z.number().int(),
  listingCount: z.number().int(),
  createdAtMs: z.number().int(),
})
export type AdminShop = z.infer<typeof AdminShop>
export const AdminShopPage = z.object({ items: z.array(AdminShop), nextCursor: z.string().nullable() })
export const AdminShopQuery = z.object({ q: singleLine().trim().max(100).optional(), cursor: pageCursor, limit: pageLimit }).strict()
export const ShopCreditBody = z.object({ creditScore: z.number().int().min(0).max(100) }).strict()
export const ShopLockBody = z.object({ locked: z.boolean() }).strict()

/** A catalogue SKU with its retail and purchase prices (console). */
export const SkuPrice = z.object({
  skuId: z.number().int(),
  code: z.string(),
  productId: z.number().int(),
  title: z.string(),
  skuName: z.string(),
  retailPriceCents: z.number().int(),
  purchasePriceCents: z.number().int(),
})
export type SkuPrice = z.infer<typeof SkuPrice>
export const SkuPricePage = z.object({ items: z.array(SkuPrice), nextCursor: z.string().nullable() })
export const SkuPriceQuery = z.object({ q: singleLine().trim().max(100).optional(), cursor: pageCursor, limit: pageLimit }).strict()
export const PurchasePriceBody = z.object({ purchasePriceCents: z.number().int().min(0).max(maxPurchasePriceCents) }).strict()
/** What a CSV import of purchase prices changed; refused lines are named, nothing of them applied. */
export const CsvImportResult = z.object({
  updated: z.number().int(),
  unchanged: z.number().int(),
  errors: z.array(z.object({ line: z.number().int(), code: z.string(), problem: z.string() })),
})
export type CsvImportResult = z.infer<typeof CsvImportResult>

const periodFigures = z.object({
  turnoverCents: z.number().int(),
  orders: z.number().int(),
  newUsers: z.number().int(),
  newShops: z.number().int(),
})
/** The console's overview: today and the last 30 days, and the queues waiting. */
export const AdminOverview = z.object({
  today: periodFigures,
  last30Days: periodFigures,
  days: z.array(periodFigures.extend({ dayStartMs: z.number().int() })),
  queues: z.object({
    applications: z.number().int(),
    bondRequests: z.number().int(),
    recharges: z.number().int(),
    withdrawals: z.number().int(),
  }),
})
export type AdminOverview = z.infer<typeof AdminOverview>
