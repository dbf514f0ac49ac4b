import { voiceMaxBytes } from '@bazaar/contract/chat-values'
import { maxUploadBytes, maxUploadPixels } from '@bazaar/contract/upload-values'
import { fileTypeFromBuffer } from 'file-type'
import type { OutputInfo } from 'sharp'
import type { Db, Trx } from '../../db/database.ts'
import { AppError } from '../../platform/errors.ts'
import { loadSharp } from '../../platform/sharp.ts'
import type { Storage } from '../../platform/storage.ts'
import type { WorkQueue } from '../../platform/work-queue.ts'
import { audioTypeOf } from './audio.ts'
import * as repo from './repo.ts'

const formats = { 'image/jpeg': 'jpeg', 'image/png': 'png', 'image/webp': 'webp' } as const
type Mime = keyof typeof formats

/**
 * What an upload is for; each purpose decides who else may read it: a recharge's transfer
 * proof, an applicant's identity document photos (SPEC §3 Shop application) and a shop's logo
 * only their owner and operators (the logo also through the public shop logo route); a review
 * photo everyone once its review is posted and visible (served by the media routes, which ask
 * the review module); a chat photo the members of its conversation (through the chat module).
 */
export const uploadPurposes = ['recharge_proof', 'identity_document', 'shop_logo', 'review_photo', 'chat_image'] as const
/** Every purpose: the images', and a chat's voice clip (storeVoice). */
export type UploadPurpose = (typeof uploadPurposes)[number] | 'chat_voice'

/**
 * Stores a private image: recognised by its content (file-type), only JPEG, PNG or WebP
 * (SVG and the rest refused), bounded in bytes and in pixels (the contract's upload values;
 * the pixel count is read from the header, before anything is decoded), then re-encoded
 * with sharp in the same format, so metadata and GPS are gone, through the app's bounded
 * image queue.
 * @returns the upload's id and pixel size
 * @throws 'Invalid image' | 'Image too large' | 'Image processing busy' (the queue is full)
 */
export async function storeImage(
  db: Db,
  storage: Storage,
  imageWork: WorkQueue,
  ownerUserId: number,
  purpose: Exclude<UploadPurpose, 'chat_voice'>,
  bytes: Buffer,
) {
  if (bytes.length > maxUploadBytes) throw new AppError('Image too large')
  const type = await fileTypeFromBuffer(bytes)
  if (!type || !(type.mime in formats)) throw new AppError('Invalid image')
  const mime = type.mime as Mime
  await assertPixelsWithinLimit(bytes)
  const encoded = await imageWork.run(() => reencode(bytes, formats[mime]))
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
 * Reads the image's dimensions from its header (sharp's metadata decodes no pixels) and
 * refuses an image above the pixel limit, or one whose header cannot be read.
 * @throws 'Image too large' | 'Invalid image'
 */
async function assertPixelsWithinLimit(bytes: Buffer): Promise<void> {
  // No sharp pixel limit on the header read: it decodes nothing, and with sharp's default
  // (268 M pixels) a 20,000 × 20,000 header failed as 'Invalid image' instead of 'Image too large'.
  const sharp = await loadSharp()
  const meta = await sharp(bytes, { limitInputPixels: false })
    .metadata()
    .catch(() => {
      throw new AppError('Invalid image')
    })
  if (!meta.width || !meta.height) throw new AppError('Invalid image')
  if (meta.width * meta.height * (meta.pages ?? 1) > maxUploadPixels) throw new AppError('Image too large')
}

/**
 * Encoder settings per format, chosen for memory (measured on a 24 MP image, one job): JPEG
 * without Huffman optimisation, which buffers every coefficient of the image (150 MB) where
 * plain coding streams in strips (16 MB), for files a few percent larger; PNG lossless, as a
 * screenshot should stay (a `quality` would quantise it to a palette, which holds the whole
 * image); WebP cannot stream at all (libwebp holds the picture, about 280 MB), which the
 * queue's concurrency bounds.
 */
const encodeOptions = {
  jpeg: { quality: 90, optimiseCoding: false },
  png: {},
  webp: { quality: 90 },
} as const

/** Decodes and re-encodes in the same format (EXIF orientation applied, metadata dropped); sharp's own pixel limit stays as a second guard. */
async function reencode(bytes: Buffer, format: (typeof formats)[Mime]): Promise<{ data: Buffer; info: OutputInfo }> {
  const sharp = await loadSharp()
  try {
    return await sharp(bytes, { limitInputPixels: maxUploadPixels })
      .rotate()
      .toFormat(format, encodeOptions[format])
      .toBuffer({ resolveWithObject: true })
  } catch (error) {
    throw new AppError(/pixel limit/i.test(String(error)) ? 'Image too large' : 'Invalid image')
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

/** The media types a voice clip is stored and served as (audio.ts), for routes that document them. */
export { audioMediaTypes } from './audio.ts'
