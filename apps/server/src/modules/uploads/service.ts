import { fileTypeFromBuffer } from 'file-type'
import sharp, { type OutputInfo } from 'sharp'
import type { Db, Trx } from '../../db/database.ts'
import { AppError } from '../../platform/errors.ts'
import type { Storage } from '../../platform/storage.ts'
import * as repo from './repo.ts'

/** Upload limits (ARCHITECTURE.md, Uploads): bytes and pixels are both bounded. */
export const maxUploadBytes = 8 * 1024 * 1024
export const maxUploadPixels = 40_000_000

const formats = { 'image/jpeg': 'jpeg', 'image/png': 'png', 'image/webp': 'webp' } as const
type Mime = keyof typeof formats

/**
 * What an upload is for; each purpose decides who else may read it: a recharge proof only
 * its owner and operators; a review photo everyone once its review is posted and visible
 * (served by the media routes, which ask the review module).
 */
export const uploadPurposes = ['recharge_proof', 'review_photo'] as const
export type UploadPurpose = (typeof uploadPurposes)[number]

/**
 * Stores a private image: recognised by its content (file-type), only JPEG, PNG or WebP
 * (SVG and the rest refused), re-encoded with sharp in the same format so metadata and GPS
 * are gone, bounded in bytes and pixels.
 * @returns the upload's id and pixel size
 * @throws 'Invalid image' | 'Image too large'
 */
export async function storeImage(db: Db, storage: Storage, ownerUserId: number, purpose: UploadPurpose, bytes: Buffer) {
  if (bytes.length > maxUploadBytes) throw new AppError('Image too large')
  const type = await fileTypeFromBuffer(bytes)
  if (!type || !(type.mime in formats)) throw new AppError('Invalid image')
  const mime = type.mime as Mime
  let encoded: { data: Buffer; info: OutputInfo }
  try {
    encoded = await sharp(bytes, { limitInputPixels: maxUploadPixels })
      .rotate()
      .toFormat(formats[mime], { quality: 90 })
      .toBuffer({ resolveWithObject: true })
  } catch (error) {
    throw new AppError(/pixel limit/i.test(String(error)) ? 'Image too large' : 'Invalid image')
  }
  const key = await storage.put(encoded.data, type.ext)
  try {
    return await repo.insertUpload(db.kysely, {
      owner_user_id: ownerUserId,
      purpose,
      storage_key: key,
      mime,
      width: encoded.info.width,
      height: encoded.info.height,
      bytes: encoded.data.length,
      created_at_ms: Date.now(),
    })
  } catch (error) {
    await storage.remove(key)
    throw error
  }
}

/**
 * Opens a private upload for its owner or an operator.
 * @throws 'Upload not found' (also for someone else's file, so ids reveal nothing)
 */
export async function openUpload(db: Db, storage: Storage, uploadId: number, reader: { userId?: number; operator?: boolean }) {
  const row = await repo.findUpload(db.kysely, uploadId)
  if (!row || (!reader.operator && row.owner_user_id !== reader.userId)) throw new AppError('Upload not found')
  return { mime: row.mime, stream: storage.read(row.storage_key) }
}

/**
 * Which of `uploadIds` are the user's own uploads made for `purpose`, with their pixel sizes
 * (a review's photos must be).
 */
export async function ownUploads(
  trx: Trx,
  uploadIds: number[],
  userId: number,
  purpose: UploadPurpose,
): Promise<Map<number, { width: number; height: number }>> {
  const rows = await repo.findUploads(trx, uploadIds)
  return new Map(
    rows.filter((r) => r.owner_user_id === userId && r.purpose === purpose).map((r) => [r.id, { width: r.width, height: r.height }]),
  )
}

/**
 * Where an upload's file is, for the media routes (`uploads:<storage key>`).
 * @throws 'Image not found'
 */
export async function uploadSource(trx: Trx, uploadId: number): Promise<string> {
  const row = await repo.findUpload(trx, uploadId)
  if (!row) throw new AppError('Image not found')
  return `uploads:${row.storage_key}`
}

/** Whether an upload is the user's own, made for `purpose` (a recharge's proof must be). */
export async function ownUpload(trx: Trx, uploadId: number, userId: number, purpose: UploadPurpose): Promise<boolean> {
  const row = await repo.findUpload(trx, uploadId)
  return row !== undefined && row.owner_user_id === userId && row.purpose === purpose
}
