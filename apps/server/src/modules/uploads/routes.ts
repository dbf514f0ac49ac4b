import { IdParam } from '@bazaar/contract/catalog'
import { voiceMaxBytes } from '@bazaar/contract/chat-values'
import { okReply } from '@bazaar/contract/envelope'
import { maxUploadBytes, maxUploadPixels } from '@bazaar/contract/upload-values'
import type {} from '@fastify/multipart'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { userOf } from '../../platform/access.ts'
import { AppError } from '../../platform/errors.ts'
import { ok } from '../../platform/replies.ts'
import type { Storage } from '../../platform/storage.ts'
import { openUpload, storeImage, storeVoice, uploadPurposes } from './service.ts'

const tags = ['uploads']
const Uploaded = z.object({ id: z.number().int(), width: z.number().int(), height: z.number().int() })
const UploadedVoice = z.object({ id: z.number().int(), bytes: z.number().int(), mime: z.string() })
/** What the image is for: a recharge's transfer proof (private), a review photo (public once its review is posted) or a chat photo (its conversation's). */
const UploadQuery = z.object({ purpose: z.enum(uploadPurposes).default('recharge_proof') }).strict()

/** Uploads an image: `POST /api/uploads?purpose=`, multipart field `file` (buyer group). */
export function uploadRoutes(storage: Storage): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/uploads',
      {
        config: {
          rateLimit: { max: 30, timeWindow: '10 minutes' },
          errors: ['Invalid image', 'Image too large', 'Image processing busy'],
        },
        schema: {
          tags,
          operationId: 'uploadImage',
          summary:
            'Upload an image (JPEG, PNG or WebP): a transfer proof, an identity document photo, a shop logo, a review photo or a chat photo',
          description: `Multipart field \`file\`: at most ${maxUploadBytes} bytes and ${maxUploadPixels} pixels (width × height, read from the header), else 'Image too large'. Images are re-encoded through a bounded queue; when it is full the answer is 'Image processing busy' (503): try again shortly.`,
          querystring: UploadQuery,
          response: { 200: okReply(Uploaded) },
        },
      },
      async (request) => {
        const file = await request.file({ limits: { fileSize: maxUploadBytes, files: 1 } })
        if (!file) throw new AppError('Invalid image')
        const bytes = await file.toBuffer().catch(() => {
          throw new AppError('Image too large')
        })
        return ok(await storeImage(app.db, storage, app.imageWork, userOf(request).id, request.query.purpose, bytes))
      },
    )
    app.post(
      '/uploads/voice',
      {
        config: { rateLimit: { max: 60, timeWindow: '10 minutes' }, errors: ['Invalid audio'] },
        schema: {
          tags,
          operationId: 'uploadVoice',
          summary: 'Upload a voice clip recorded in the browser (WebM, Ogg or MP4 audio, up to 60 s) to send in a chat',
          response: { 200: okReply(UploadedVoice) },
        },
      },
      async (request) => {
        const file = await request.file({ limits: { fileSize: voiceMaxBytes, files: 1 } })
        if (!file) throw new AppError('Invalid audio')
        const bytes = await file.toBuffer().catch(() => {
          throw new AppError('Invalid audio')
        })
        return ok(await storeVoice(app.db, storage, userOf(request).id, bytes))
      },
    )
  }
}

/** Reads a private upload back, for its owner or any operator (either group). */
export function uploadReadRoutes(storage: Storage): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/uploads/:id',
      {
        config: { errors: ['Upload not found'] },
        schema: {
          tags,
          operationId: 'getUpload',
          summary: 'A private upload, for its owner or an operator',
          params: IdParam,
          response: {
            200: {
              description: 'The image as stored (JPEG, PNG or WebP)',
              content: Object.fromEntries(
                ['image/jpeg', 'image/png', 'image/webp'].map((type) => [
                  type,
                  { schema: z.any().meta({ type: 'string', format: 'binary' }) },
                ]),
              ),
            },
          },
        },
      },
      async (request, reply) => {
        const reader = request.operator ? { operator: true } : { userId: userOf(request).id }
        const file = await openUpload(app.db, storage, request.params.id, reader)
        return reply.type(file.mime).header('cache-control', 'private, max-age=3600').send(file.stream)
      },
    )
  }
}
