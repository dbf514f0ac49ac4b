import { IdParam } from '@bazaar/contract/catalog'
import { okReply } from '@bazaar/contract/envelope'
import type {} from '@fastify/multipart'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import type { Db } from '../../db/database.ts'
import { AppError } from '../../platform/errors.ts'
import { ok } from '../../platform/replies.ts'
import { requireUser } from '../../platform/session.ts'
import type { Storage } from '../../platform/storage.ts'
import { requireOperator } from '../admin/operators.ts'
import { maxUploadBytes, openUpload, storeImage } from './service.ts'

const Uploaded = z.object({ id: z.number().int(), width: z.number().int(), height: z.number().int() })

/** Private image uploads: `POST /api/uploads` (multipart field `file`), read back by owner or operator. */
export const uploadRoutes: FastifyPluginAsyncZod<{ db: Db; storage: Storage }> = async (app, { db, storage }) => {
  const tags = ['uploads']
  app.post(
    '/uploads',
    {
      config: { rateLimit: { max: 30, timeWindow: '10 minutes' } },
      schema: { tags, summary: 'Upload a transfer proof image (JPEG, PNG or WebP)', response: { 200: okReply(Uploaded) } },
    },
    async (request) => {
      const user = await requireUser(db, request)
      const file = await request.file({ limits: { fileSize: maxUploadBytes, files: 1 } })
      if (!file) throw new AppError('Invalid image')
      const bytes = await file.toBuffer().catch(() => {
        throw new AppError('Image too large')
      })
      return ok(await storeImage(db, storage, user.id, 'recharge_proof', bytes))
    },
  )
  app.get(
    '/uploads/:id',
    { schema: { tags, summary: 'A private upload, for its owner or an operator', params: IdParam } },
    async (request, reply) => {
      const reader = request.headers['admin-token']
        ? { operator: Boolean(await requireOperator(db, request)) }
        : { userId: (await requireUser(db, request)).id }
      const file = await openUpload(db, storage, request.params.id, reader)
      return reply.type(file.mime).header('cache-control', 'private, max-age=3600').send(file.stream)
    },
  )
}
