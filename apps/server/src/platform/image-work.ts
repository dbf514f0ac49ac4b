import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import { createWorkQueue, type WorkQueue } from './work-queue.ts'

declare module 'fastify' {
  interface FastifyInstance {
    /** The bounded queue every sharp decode and encode of the app runs through (uploads, media renditions). */
    imageWork: WorkQueue
  }
}

/** Limits of the image queue (config: IMAGE_CONCURRENCY, IMAGE_QUEUE_MAX). */
export interface ImageWorkLimits {
  concurrency: number
  maxWaiting: number
}

/**
 * Image work under a memory bound. A decoded image costs width × height × channels bytes
 * whatever its file size, so before this queue 10 concurrent 40-megapixel uploads took the
 * server from about 220 MB to 1.1 GB. Now at most `concurrency` images are decoded at once,
 * at most `maxWaiting` wait, and the next answers 'Image processing busy' (503). libvips
 * itself runs one thread per image and keeps no operation cache (set where sharp is loaded,
 * platform/sharp.ts): uploads are never the same twice and renditions are cached on disk, so
 * the cache only held memory.
 */
export const imageWorkPlugin = fp<ImageWorkLimits>(
  async (app: FastifyInstance, limits) => {
    app.decorate('imageWork', createWorkQueue({ ...limits, busyKey: 'Image processing busy' }))
  },
  { name: 'image-work' },
)
