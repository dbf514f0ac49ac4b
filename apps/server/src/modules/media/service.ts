import { mkdir, rename, rm, stat } from 'node:fs/promises'
import path from 'node:path'
import type { ImageWidth } from '@bazaar/contract/catalog-values'
import type { Db } from '../../db/database.ts'
import { loadSharp } from '../../platform/sharp.ts'
import type { WorkQueue } from '../../platform/work-queue.ts'
import { imageSource } from '../catalog/service.ts'
import { assertPublicReviewPhoto } from '../review/summary-service.ts'
import { uploadSource } from '../uploads/service.ts'

/** Where stored images live: the catalogue folder, and the data folder's uploads. */
export interface MediaRoots {
  catalogueDir: string
  uploadsDir: string
  cacheDir: string
}

/** Resolves a `product_images.source` reference to a file path inside its root. */
function sourcePath(roots: MediaRoots, source: string): string {
  const [scheme, rest = ''] = source.split(/:(.*)/s)
  const root = scheme === 'catalogue' ? roots.catalogueDir : scheme === 'uploads' ? roots.uploadsDir : undefined
  const resolved = root ? path.resolve(root, rest) : undefined
  if (!root || !resolved?.startsWith(path.resolve(root) + path.sep)) throw new Error(`bad image source ${source}`)
  return resolved
}

const inFlight = new Map<string, Promise<string>>()

/**
 * The WebP rendition of an image at a width (never wider than the original), made with
 * sharp once, through the app's bounded image queue, and then served from the disk cache;
 * concurrent first requests share one encoding. `rotate()` applies and drops EXIF
 * orientation; metadata is not copied.
 * @returns the cached file's path
 * @throws 'Image not found' | 'Image processing busy' (the queue is full; a cached rendition never waits)
 */
export async function imageRendition(db: Db, roots: MediaRoots, imageWork: WorkQueue, imageId: number, width: ImageWidth): Promise<string> {
  return rendition(roots, imageWork, path.join(roots.cacheDir, `${imageId}-${width}.webp`), width, () => imageSource(db.kysely, imageId))
}

/**
 * The WebP rendition of a review photo: public only while its review is visible, so that is
 * asked on every request (a hidden review's photos stop at once, cached renditions too).
 * @throws 'Image not found' (not a review photo, or its review hidden) | 'Image processing busy'
 */
export async function reviewPhotoRendition(
  db: Db,
  roots: MediaRoots,
  imageWork: WorkQueue,
  uploadId: number,
  width: ImageWidth,
): Promise<string> {
  await assertPublicReviewPhoto(db.kysely, uploadId)
  return rendition(roots, imageWork, path.join(roots.cacheDir, `review-${uploadId}-${width}.webp`), width, () =>
    uploadSource(db.kysely, uploadId),
  )
}

async function rendition(
  roots: MediaRoots,
  imageWork: WorkQueue,
  file: string,
  width: ImageWidth,
  sourceOf: () => Promise<string>,
): Promise<string> {
  const cached = await stat(file).catch(() => undefined)
  if (cached) return file
  const pending = inFlight.get(file)
  if (pending) return pending
  const job = renderQueued(roots, imageWork, width, file, sourceOf).finally(() => inFlight.delete(file))
  inFlight.set(file, job)
  return job
}

/** Finds the source first (an unknown id never takes a slot), then encodes in the queue. */
async function renderQueued(roots: MediaRoots, imageWork: WorkQueue, width: ImageWidth, file: string, sourceOf: () => Promise<string>) {
  const source = sourcePath(roots, await sourceOf())
  await mkdir(roots.cacheDir, { recursive: true })
  return imageWork.run(() => render(source, width, file))
}

async function render(source: string, width: ImageWidth, file: string): Promise<string> {
  const temp = `${file}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`
  try {
    const sharp = await loadSharp()
    await sharp(source).rotate().resize({ width, withoutEnlargement: true }).webp({ quality: 80 }).toFile(temp)
    await rename(temp, file)
  } catch (error) {
    await rm(temp, { force: true })
    throw error
  }
  return file
}
