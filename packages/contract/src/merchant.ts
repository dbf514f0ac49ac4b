import { z } from 'zod'
import { ImageRef } from './catalog.ts'
import { keywordsMaxLength, maxPageSize } from './catalog-values.ts'
import {
  applicationStatuses,
  documentKinds,
  applicationLimits as limits,
  listingStatuses,
  maxFreightCents,
  maxListingStock,
  maxPurchasePriceCents,
  maxShipCountries,
  shopBioMaxLength,
  shopTypes,
} from './merchant-values.ts'
import { orderStatuses } from './orders-values.ts'
import { cursorParam, multiLine, singleLine } from './text.ts'

const text = (l: { min: number; max: number }) => singleLine().trim().min(l.min, 'Invalid parameters').max(l.max, 'Invalid parameters')
const country = singleLine()
  .trim()
  .regex(/^[A-Za-z]{2}$/, 'Invalid parameters')
  .toUpperCase()
const isoDate = singleLine().regex(/^\d{4}-\d{2}-\d{2}$/, 'Invalid parameters')
const uploadId = z.number().int().positive()
const limit = z.coerce.number().int().min(1, 'Page size must be 1 to 100').max(maxPageSize, 'Page size must be 1 to 100').default(20)
const cursor = cursorParam.optional()

/**
 * `POST /api/shop-application` (SPEC §2 apply, §3 Shop application, §5): the steps' data in
 * one body. Only shop type `personal` is open ('Not yet open'); dates are `YYYY-MM-DD`; the
 * document photos are the applicant's own uploads of purpose `identity_document`, the logo
 * one of purpose `shop_logo`; the address must be confirmed.
 */
export const ApplicationBody = z
  .object({
    shopType: z.enum(shopTypes),
    nationality: country,
    documentKind: z.enum(documentKinds),
    documentNumber: text(limits.documentNumber),
    documentValidUntil: isoDate,
    issuingCountry: country,
    name: text(limits.name),
    birthplace: text(limits.birthplace),
    birthDate: isoDate,
    residence: text(limits.residence),
    city: text(limits.city),
    street: text(limits.street),
    postalCode: text(limits.postalCode),
    contactEmail: singleLine().trim().toLowerCase().max(254, 'Email incorrect').meta({ format: 'email' }).pipe(z.email('Email incorrect')),
    frontPhotoUploadId: uploadId,
    backPhotoUploadId: uploadId,
    logoUploadId: uploadId.nullable().default(null),
    shopName: text(limits.shopName),
    description: text(limits.description).default(''),
    addressConfirmed: z.literal(true, 'Invalid parameters'),
  })
  .strict()
export type ApplicationBody = z.infer<typeof ApplicationBody>

/** A shop application as its applicant and operators see it. */
export const Application = z.object({
  id: z.number().int(),
  status: z.enum(applicationStatuses),
  shopType: z.enum(shopTypes),
  nationality: z.string(),
  documentKind: z.string(),
  documentNumber: z.string(),
  documentValidUntil: z.string(),
  issuingCountry: z.string(),
  name: z.string(),
  birthplace: z.string(),
  birthDate: z.string(),
  residence: z.string(),
  city: z.string(),
  street: z.string(),
  postalCode: z.string(),
  contactEmail: z.string(),
  /** Private uploads: `GET /api/uploads/:id` for the applicant or an operator. Null only on demo applications. */
  frontPhotoUploadId: z.number().int().nullable(),
  backPhotoUploadId: z.number().int().nullable(),
  logoUploadId: z.number().int().nullable(),
  shopName: z.string(),
  description: z.string(),
  /** A demo shop seeded by the platform, not a real person's application. */
  isDemo: z.boolean(),
  rejectReason: z.string().nullable(),
  shopId: z.number().int().nullable(),
  createdAtMs: z.number().int(),
  reviewedAtMs: z.number().int().nullable(),
})
export type Application = z.infer<typeof Application>

/** The applicant's page: the latest application (null: none yet) and whether a new one may be filed. */
export const MyApplication = z.object({ application: Application.nullable(), canApply: z.boolean() })

export const AdminApplication = Application.extend({ userId: z.number().int(), userEmail: z.string() })
export type AdminApplication = z.infer<typeof AdminApplication>
export const AdminApplicationPage = z.object({ items: z.array(AdminApplication), nextCursor: z.string().nullable() })
export const ApplicationQuery = z.object({ status: z.enum(applicationStatuses).default('under_review'), cursor, limit }).strict()
export const ApplicationRejectBody = z.object({ reason: text(limits.rejectReason) }).strict()

/** The level's rules as they apply to a shop (SPEC §3 Shop). */
export const LevelRules = z.object({
  level: z.number().int(),
  bondCents: z.number().int(),
  profitRatioBasisPoints: z.number().int(),
  dailyTraffic: z.number().int(),
  maxListings: z.number().int(),
})

/** The merchant's own shop (SPEC §3 Shop, §2 setting). */
export const MyShop = z.object({
  id: z.number().int(),
  name: z.string(),
  bio: z.string(),
  logoUploadId: z.number().int().nullable(),
  level: z.number().int(),
  levelRules: LevelRules,
  creditScore: z.number().int(),
  /** Below the credit rule's threshold: no goods above the price cap ('sj_zdjg'). */
  lowCredit: z.boolean(),
  freightCents: z.number().int(),
  /** ISO 3166-1 alpha-2 codes; empty delivers everywhere. */
  shipCountries: z.array(z.string()),
  status: z.enum(['active', 'locked']),
  isDemo: z.boolean(),
  /** Listings on sale now. */
  listingCount: z.number().int(),
  createdAtMs: z.number().int(),
})
export type MyShop = z.infer<typeof MyShop>

/** `PUT /api/shop/settings`: name, bio, logo (an upload of purpose `shop_logo`), flat freight in cents, delivery countries. */
export const ShopSettingsBody = z
  .object({
    name: text(limits.shopName),
    bio: multiLine().trim().max(shopBioMaxLength, 'Invalid parameters'),
    logoUploadId: uploadId.nullable(),
    freightCents: z.number().int().min(0, 'Invalid parameters').max(maxFreightCents, 'Invalid parameters'),
    shipCountries: z.array(country).max(maxShipCountries),
  })
  .strict()
export type ShopSettingsBody = z.infer<typeof ShopSettingsBody>

/** `GET /api/shop/catalogue`: the platform catalogue to list from, by category and keywords. */
export const CatalogueQuery = z
  .object({
    categoryId: z.coerce.number().int().positive().optional(),
    keywords: singleLine().trim().min(1, 'Please enter key words').max(keywordsMaxLength).optional(),
    cursor,
    limit,
  })
  .strict()
export type CatalogueQuery = z.infer<typeof CatalogueQuery>

/** One SKU priced at the shop's ratio: sale = purchase / (1 − ratio); profit = sale − purchase (cents). */
export const PricedSku = z.object({
  skuId: z.number().int(),
  name: z.string(),
  purchasePriceCents: z.number().int(),
  salePriceCents: z.number().int(),
  expectedProfitCents: z.number().int(),
})
/**
 * A catalogue product as a merchant lists it: an item of `GET /api/shop/catalogue`'s pages, and
 * the answer of `GET /api/shop/catalogue/:id` ('Product not found' for an unknown id).
 */
export const CatalogueItem = z.object({
  productId: z.number().int(),
  title: z.string(),
  brand: z.string().nullable(),
  categoryId: z.number().int(),
  image: ImageRef.nullable(),
  /** The shop's profit ratio the prices below use, in basis points. */
  profitRatioBasisPoints: z.number().int(),
  skus: z.array(PricedSku),
  /** The shop's listing of this product, if any (deleted ones do not count). */
  listingId: z.number().int().nullable(),
})
export type CatalogueItem = z.infer<typeof CatalogueItem>
export const CataloguePage = z.object({ items: z.array(CatalogueItem), nextCursor: z.string().nullable() })

/** `POST /api/shop/listings`: list a catalogue product with all its SKUs; `stock` units per SKU. */
export const AddListingBody = z
  .object({
    productId: z.number().int().positive(),
    stock: z.number().int().min(1, 'Invalid parameters').max(maxListingStock, 'Invalid parameters').default(100),
  })
  .strict()
export const ShelfBody = z.object({ onSale: z.boolean() }).strict()
export const ListingQuery = z.object({ status: z.enum(listingStatuses).optional(), cursor, limit }).strict()

/** A listing as its merchant manages it (SPEC §2 goods_manage). */
export const MerchantListing = z.object({
  id: z.number().int(),
  productId: z.number().int(),
  title: z.string(),
  image: ImageRef.nullable(),
  status: z.enum(listingStatuses),
  categoryId: z.number().int(),
  /** Lowest SKU sale price, cents. */
  priceCents: z.number().int(),
  salesCount: z.number().int(),
  stock: z.number().int(),
  skus: z.array(PricedSku.extend({ stock: z.number().int() })),
  createdAtMs: z.number().int(),
})
export type MerchantListing = z.infer<typeof MerchantListing>
export const MerchantListingPage = z.object({ items: z.array(MerchantListing), nextCursor: z.string().nullable() })

/** One day of the dashboard's chart (UTC day starting at `dayStartMs`). */
export const DashboardDay = z.object({
  dayStartMs: z.number().int(),
  turnoverCents: z.number().int(),
  orders: z.number().int(),
  profitCents: z.number().int(),
  visitors: z.number().int(),
})

/**
 * The merchant dashboard (SPEC §3 Shop dashboard), each figure as ARCHITECTURE.md (money
 * flows) defines it: turnover = buyers' payments into the shop's orders less refunds;
 * pending = paid orders waiting to ship; pending settlement = the escrow of unsettled orders;
 * withdrawable = available; bond = the bond account; support fund = platform coupon money
 * paid into the shop's orders (marketing → escrow) less what refunds gave back; total operating funds = withdrawable + pending settlement +
 * bond; profit of an order = settled − purchase paid, counted when the order closes.
 */
export const Dashboard = z.object({
  goodsOnSale: z.number().int(),
  visitorsToday: z.number().int(),
  visitorsTotal: z.number().int(),
  orders: z.number().int(),
  ordersToday: z.number().int(),
  turnoverCents: z.number().int(),
  pendingOrders: z.number().int(),
  pendingSettlementCents: z.number().int(),
  withdrawableCents: z.number().int(),
  bondCents: z.number().int(),
  supportFundCents: z.number().int(),
  totalOperatingFundsCents: z.number().int(),
  todayProfitCents: z.number().int(),
  totalProfitCents: z.number().int(),
  days: z.array(DashboardDay),
})
export type Dashboard = z.infer<typeof Dashboard>

/** One order of the pending-settlement list (SPEC §2 wait_order): paid by the user, paid by the merchant, profit. */
export const SettlementItem = z.object({
  orderId: z.number().int(),
  orderNo: z.string(),
  status: z.enum(orderStatuses),
  paidByUserCents: z.number().int(),
  paidByMerchantCents: z.number().int(),
  /** What settlement would leave: escrow now − purchase paid. */
  profitCents: z.number().int(),
  /** When the after-sales window closes (null before receipt). */
  settlesAfterMs: z.number().int().nullable(),
  createdAtMs: z.number().int(),
})
export const SettlementPage = z.object({ items: z.array(SettlementItem), nextCursor: z.string().nullable() })

export const moneyEventKinds = [
  'paid',
  'purchase_paid',
  'shipped',
  'received',
  'after_sales_closes',
  'refunded',
  'purchase_returned',
  'settled',
] as const
/** An order's money timeline for its merchant, read from the ledger and the order's times. */
export const MoneyTimeline = z.object({
  orderId: z.number().int(),
  events: z.array(
    z.object({
      kind: z.enum(moneyEventKinds),
      atMs: z.number().int(),
      /** Cents moved by this event (null for events that move nothing, such as shipping). */
      amountCents: z.number().int().nullable(),
      /** True for a time still ahead (the after-sales window's close). */
      expected: z.boolean(),
    }),
  ),
})

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
export const AdminShopQuery = z.object({ q: singleLine().trim().max(100).optional(), cursor, limit }).strict()
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
export const SkuPriceQuery = z.object({ q: singleLine().trim().max(100).optional(), cursor, limit }).strict()
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
