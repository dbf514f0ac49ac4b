import { z } from 'zod'
import { boundedText, countryCode, isoDate, pageCursor, pageLimit, uploadId } from './merchant-fields.ts'
import { applicationStatuses, documentKinds, applicationLimits as limits, shopTypes } from './merchant-values.ts'
import { singleLine } from './text.ts'

/**
 * `POST /api/shop-application` (SPEC §2 apply, §3 Shop application, §5): the steps' data in
 * one body. Only shop type `personal` is open ('Not yet open'); dates are `YYYY-MM-DD`; the
 * document photos are the applicant's own uploads of purpose `identity_document`, the logo
 * one of purpose `shop_logo`; the address must be confirmed.
 */
export const ApplicationBody = z
  .object({
    shopType: z.enum(shopTypes),
    nationality: countryCode,
    documentKind: z.enum(documentKinds),
    documentNumber: boundedText(limits.documentNumber),
    documentValidUntil: isoDate,
    issuingCountry: countryCode,
    name: boundedText(limits.name),
    birthplace: boundedText(limits.birthplace),
    birthDate: isoDate,
    residence: boundedText(limits.residence),
    city: boundedText(limits.city),
    street: boundedText(limits.street),
    postalCode: boundedText(limits.postalCode),
    contactEmail: singleLine().trim().toLowerCase().max(254, 'Email incorrect').meta({ format: 'email' }).pipe(z.email('Email incorrect')),
    frontPhotoUploadId: uploadId,
    backPhotoUploadId: uploadId,
    logoUploadId: uploadId.nullable().default(null),
    shopName: boundedText(limits.shopName),
    description: boundedText(limits.description).default(''),
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
export const ApplicationQuery = z
  .object({ status: z.enum(applicationStatuses).default('under_review'), cursor: pageCursor, limit: pageLimit })
  .strict()
