import { z } from 'zod'
import { boundedText, countryCode, uploadId } from './merchant-fields.ts'
import { applicationLimits as limits, maxFreightCents, maxShipCountries, shopBioMaxLength } from './merchant-values.ts'
import { multiLine } from './text.ts'

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
    name: boundedText(limits.shopName),
    bio: multiLine().trim().max(shopBioMaxLength, 'Invalid parameters'),
    logoUploadId: uploadId.nullable(),
    freightCents: z.number().int().min(0, 'Invalid parameters').max(maxFreightCents, 'Invalid parameters'),
    shipCountries: z.array(countryCode).max(maxShipCountries),
  })
  .strict()
export type ShopSettingsBody = z.infer<typeof ShopSettingsBody>
