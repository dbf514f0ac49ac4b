import { voiceMaxBytes } from '@bazaar/contract/chat-values'
import { fileTypeFromBuffer } from 'file-type'
import sharp, { type OutputInfo } from 'sharp'
import type { Db, Trx } from '../../db/database.ts'
import { AppError } from '../../platform/errors.ts'
import type { Storage } from '../../platform/storage.ts'
import { audioTypeOf } from './audio.ts'
import * as repo from './repo.ts'

/** Upload limits (ARCHITECTURE.md, Uploads): bytes and pixels are both bounded. */
export const maxUploadBytes = 8 * 1024 * 1024
export const maxUploadPixels = 40_000_000

const formats = { 'image/jpeg': 'jpeg', 'image/png': 'png', 'image/webp': 'webp' } as const
type Mime = keyof typeof formats

/** What an upload is for; each purpose decides who else may read it (chat files: the conversation's members, through the chat module). */
export type UploadPurpose = 'recharge_proof' | 'chat_image' | 'chat_voice'

/**
 * Stores a private image: recognised by its content (file-type), only JPEG, PNG or WebP
 * (SVG and the rest refused), re-encoded with sharp in the same format so metadata and GPS
 * are gone, bounded in bytes and pixels.
 * @returns the upload's id and pixel size
 * @throws 'Invalid image' | 'Image too large'
 */
export async function storeImage(
  db: Db,
  storage: Storage,
  ownerUserId: number,
  purpose: Exclude<UploadPurpose, 'chat_voice'>,
  bytes: Buffer,
) {
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

/** Whether an upload is the user's own, made for `purpose` (a recharge's proof must be). */
export async function ownUpload(trx: Trx, uploadId: number, userId: number, purpose: UploadPurpose): Promise<boolean> {
  const row = await repo.findUpload(trx, uploadId)
  return row !== undefined && row.owner_user_id === userId && row.purpose === purpose
}

/**
 * Stores a voice clip recorded in the browser (SPEC chat voice messages): recognised as
 * audio by its content (uploads/audio.ts), bounded in bytes. Audio is stored as sent: there
 * is no re-encoder here, and recorder output carries no location or camera metadata.
 * @throws 'Invalid audio' (not audio, or over the byte bound)
 */
export async function storeVoice(db: Db, storage: Storage, ownerUserId: number, bytes: Buffer) {
  if (bytes.length > voiceMaxBytes) throw new AppError('Invalid audio')
  const type = await audioTypeOf(bytes)
  if (!type) throw new AppError('Invalid audio')
  const key = await storage.put(bytes, type.ext)
  try {
    const row = await repo.insertUpload(db.kysely, {
      owner_user_id: ownerUserId,
      purpose: 'chat_voice',
      storage_key: key,
      mime: type.mime,
      width: 0,
      height: 0,
      bytes: bytes.length,
      created_at_ms: Date.now(),
    })
    return { id: row.id, bytes: bytes.length, mime: type.mime }
  } catch (error) {
    await storage.remove(key)
    throw error
  }
}

/** An upload of the user's own made for `purpose`, with its pixel size (chat images and voice clips name one). */
export async function ownUploadInfo(trx: Trx, uploadId: number, userId: number, purpose: UploadPurpose) {
  const row = await repo.findUploadInfo(trx, uploadId)
  return row && row.owner_user_id === userId && row.purpose === purpose ? row : undefined
}

/**
 * Opens an upload for a reader another module has already authorised (a chat file for the
 * members of its conversation).
 * @throws 'Upload not found'
 */
export async function openAuthorisedUpload(db: Db, storage: Storage, uploadId: number) {
  const row = await repo.findUpload(db.kysely, uploadId)
  if (!row) throw new AppError('Upload not found')
  return { mime: row.mime, stream: storage.read(row.storage_key) }
}
