import type { Application, ApplicationBody } from '@bazaar/contract/merchant-application'
import { canDoApplication, openShopTypes } from '@bazaar/contract/merchant-values'
import type { Selectable } from 'kysely'
import type { z } from 'zod'
import type { Db, Trx } from '../../db/database.ts'
import { recordAudit } from '../../platform/audit.ts'
import { afterIdOf, nextIdCursor } from '../../platform/cursor.ts'
import { AppError } from '../../platform/errors.ts'
import { isUniqueViolation } from '../../platform/unique-violation.ts'
import { grantMerchantRole, userSummaries } from '../auth/service.ts'
import { shopIdOfOwner } from '../catalog/service.ts'
import { openShop, shopNameFree } from '../catalog/shop-service.ts'
import { ownUpload } from '../uploads/service.ts'
import { openBondAccount } from '../wallet/merchant-service.ts'
import * as repo from './repo.ts'
import type { ShopApplicationsTable } from './tables.ts'

/**
 * Shop applications (SPEC §2 apply, §3 Shop application, §4: under review → opened
 * successfully | failed, the applicant refills). The contract's `applicationTransitions`
 * is the table of moves; the guards below return its keys.
 */

/** An application row in its API shape. */
export function toApplication(r: Selectable<ShopApplicationsTable>): Application {
  return {
    id: r.id,
    status: r.status,
    shopType: r.shop_type as Application['shopType'],
    nationality: r.nationality,
    documentKind: r.document_kind,
    documentNumber: r.document_number,
    documentValidUntil: r.document_valid_until,
    issuingCountry: r.issuing_country,
    name: r.name,
    birthplace: r.birthplace,
    birthDate: r.birth_date,
    residence: r.residence,
    city: r.city,
    street: r.street,
    postalCode: r.postal_code,
    contactEmail: r.contact_email,
    frontPhotoUploadId: r.front_photo_upload_id,
    backPhotoUploadId: r.back_photo_upload_id,
    logoUploadId: r.logo_upload_id,
    shopName: r.shop_name,
    description: r.description,
    isDemo: r.is_demo === 1,
    rejectReason: r.reject_reason,
    shopId: r.shop_id,
    createdAtMs: Number(r.created_at_ms),
    reviewedAtMs: r.reviewed_at_ms === null ? null : Number(r.reviewed_at_ms),
  }
}

/** The applicant's page: the latest application and whether a new one may be filed. */
export async function myApplication(db: Db, userId: number) {
  const latest = await repo.findLatest(db.kysely, userId)
  return { application: latest ? toApplication(latest) : null, canApply: canDoApplication('submit', latest?.status ?? null) }
}

const today = () => new Date().toISOString().slice(0, 10)
const realDate = (d: string) => !Number.isNaN(Date.parse(`${d}T00:00:00Z`)) && new Date(`${d}T00:00:00Z`).toISOString().startsWith(d)

/**
 * Files an application in the caller's transaction: the guards of `submit` (none yet, or
 * the last rejected), the shop type open, the dates real (document still valid, birth date
 * past), the photos the applicant's own identity-document uploads and the logo a shop-logo
 * upload (demo applications, seeded by the platform, have no photos), the shop name free.
 * @throws 'Not yet open' | 'Processing' | 'Request already handled' (already a merchant) | 'Upload not found' | 'Shop name already taken' | 'Invalid parameters'
 */
export async function fileApplication(
  trx: Trx,
  userId: number,
  body:
    | z.output<typeof ApplicationBody>
    | (Omit<z.output<typeof ApplicationBody>, 'frontPhotoUploadId' | 'backPhotoUploadId'> & { demo: true }),
): Promise<Application> {
  if (!openShopTypes.includes(body.shopType)) throw new AppError('Not yet open')
  if ((await shopIdOfOwner(trx, userId)) !== undefined) throw new AppError('Request already handled')
  const latest = await repo.findLatest(trx, userId)
  if (!canDoApplication('submit', latest?.status ?? null))
    throw new AppError(latest?.status === 'under_review' ? 'Processing' : 'Request already handled')
  const demo = 'demo' in body
  if (!demo) {
    if (!realDate(body.documentValidUntil) || body.documentValidUntil < today())
      throw new AppError('Invalid parameters', { fields: { documentValidUntil: 'Invalid parameters' } })
    if (!realDate(body.birthDate) || body.birthDate >= today())
      throw new AppError('Invalid parameters', { fields: { birthDate: 'Invalid parameters' } })
    for (const id of [body.frontPhotoUploadId, body.backPhotoUploadId])
      if (!(await ownUpload(trx, id, userId, 'identity_document'))) throw new AppError('Upload not found')
    if (body.logoUploadId !== null && !(await ownUpload(trx, body.logoUploadId, userId, 'shop_logo')))
      throw new AppError('Upload not found')
  }
  if (!(await shopNameFree(trx, body.shopName))) throw new AppError('Shop name already taken')
  const row = await repo.insertApplication(trx, {
    user_id: userId,
    status: 'under_review',
    shop_type: body.shopType,
    nationality: body.nationality,
    document_kind: body.documentKind,
    document_number: body.documentNumber,
    document_valid_until: body.documentValidUntil,
    issuing_country: body.issuingCountry,
    name: body.name,
    birthplace: body.birthplace,
    birth_date: body.birthDate,
    residence: body.residence,
    city: body.city,
    street: body.street,
    postal_code: body.postalCode,
    contact_email: body.contactEmail,
    front_photo_upload_id: demo ? null : body.frontPhotoUploadId,
    back_photo_upload_id: demo ? null : body.backPhotoUploadId,
    logo_upload_id: body.logoUploadId,
    shop_name: body.shopName,
    description: body.description,
    is_demo: demo ? 1 : 0,
    reject_reason: null,
    shop_id: null,
    reviewed_by_operator_id: null,
    reviewed_at_ms: null,
    created_at_ms: Date.now(),
  })
  return toApplication(row)
}

/**
 * Files the applicant's shop application (SPEC §2 apply); one under review at a time (a
 * partial unique index decides under bursts).
 * @throws 'Not yet open' | 'Processing' | 'Request already handled' | 'Upload not found' | 'Shop name already taken' | 'Invalid parameters'
 */
export async function submitApplication(db: Db, userId: number, body: z.output<typeof ApplicationBody>): Promise<Application> {
  try {
    return await db.kysely.transaction().execute((trx) => fileApplication(trx, userId, body))
  } catch (error) {
    if (isUniqueViolation(error, 'shop_applications_one_open')) throw new AppError('Processing')
    throw error
  }
}

/**
 * Approves an application in the caller's transaction: it moves conditionally (of
 * concurrent approvals exactly one applies), the shop opens at level 1 (catalog), the user
 * becomes a merchant (auth) and the shop's bond account opens (wallet).
 * @param operatorId null for the seed's demo shops
 * @returns the shop's id
 * @throws 'Application not found' | 'Request already handled' | 'Shop name already taken'
 */
export async function approveInTransaction(trx: Trx, operatorId: number | null, applicationId: number): Promise<number> {
  if (!(await repo.findApplication(trx, applicationId))) throw new AppError('Application not found')
  const nowMs = Date.now()
  const app = await repo.decideApplication(trx, applicationId, {
    status: 'approved',
    reviewed_by_operator_id: operatorId,
    reviewed_at_ms: nowMs,
  })
  if (!app) throw new AppError('Request already handled')
  const shopId = await openShop(trx, {
    ownerUserId: app.user_id,
    name: app.shop_name,
    bio: app.description,
    logoUploadId: app.logo_upload_id,
    isDemo: app.is_demo === 1,
    level: 1,
  })
  await grantMerchantRole(trx, app.user_id)
  await openBondAccount(trx, shopId, app.user_id)
  await repo.setShop(trx, app.id, shopId)
  if (operatorId !== null)
    await recordAudit(trx, {
      operatorId,
      action: 'application.approve',
      targetType: 'shop_application',
      targetId: app.id,
      detail: { shopId },
    })
  return shopId
}

/**
 * Approves an application (operator): see `approveInTransaction`.
 * @throws 'Application not found' | 'Request already handled' | 'Shop name already taken'
 */
export async function approveApplication(db: Db, operatorId: number, applicationId: number): Promise<Application> {
  try {
    await db.kysely.transaction().execute((trx) => approveInTransaction(trx, operatorId, applicationId))
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('Shop name already taken')
    throw error
  }
  return toApplication((await repo.findApplication(db.kysely, applicationId))!)
}

/**
 * Rejects an application with a reason (operator); the applicant may refill.
 * @throws 'Application not found' | 'Request already handled'
 */
export async function rejectApplication(db: Db, operatorId: number, applicationId: number, reason: string): Promise<Application> {
  await db.kysely.transaction().execute(async (trx) => {
    if (!(await repo.findApplication(trx, applicationId))) throw new AppError('Application not found')
    const decided = await repo.decideApplication(trx, applicationId, {
      status: 'rejected',
      reviewed_by_operator_id: operatorId,
      reviewed_at_ms: Date.now(),
      reject_reason: reason,
    })
    if (!decided) throw new AppError('Request already handled')
    await recordAudit(trx, {
      operatorId,
      action: 'application.reject',
      targetType: 'shop_application',
      targetId: applicationId,
      detail: { reason },
    })
  })
  return toApplication((await repo.findApplication(db.kysely, applicationId))!)
}

/**
 * The operators' queue of applications in a status, oldest first, with the applicant's email.
 * @throws 'Invalid cursor'
 */
export async function applicationQueue(db: Db, query: { status: Application['status']; cursor?: string; limit: number }) {
  const rows = await repo.findPage(db.kysely, {
    status: query.status,
    afterId: afterIdOf(query.cursor, 'applications'),
    limit: query.limit,
  })
  const page = rows.slice(0, query.limit)
  const users = await userSummaries(
    db.kysely,
    page.map((r) => r.user_id),
  )
  return {
    items: page.map((r) => ({ ...toApplication(r), userId: r.user_id, userEmail: users.get(r.user_id)?.email ?? '' })),
    nextCursor: nextIdCursor(rows, query.limit, 'applications'),
  }
}

/**
 * One application for an operator, with the applicant's email; the photos open at GET /api/uploads/:id.
 * @throws 'Application not found'
 */
export async function applicationDetail(db: Db, applicationId: number) {
  const row = await repo.findApplication(db.kysely, applicationId)
  if (!row) throw new AppError('Application not found')
  const users = await userSummaries(db.kysely, [row.user_id])
  return { ...toApplication(row), userId: row.user_id, userEmail: users.get(row.user_id)?.email ?? '' }
}

/** How many applications wait for review (the console's overview). */
export function applicationsWaiting(trx: Trx): Promise<number> {
  return repo.countUnderReview(trx)
}
