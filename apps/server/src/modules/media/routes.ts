import { createReadStream } from 'node:fs'
import { imageWidths } from '@bazaar/contract/catalog-values'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import type { Db } from '../../db/database.ts'
import { imageRendition, type MediaRoots } from './service.ts'

const Params = z.object({
  id: z.coerce.number().int().positive().max(2_147_483_647),
  width: z.coerce
    .number()
    .int()
    .refine((w): w is (typeof imageWidths)[number] => (imageWidths as readonly number[]).includes(w), 'Invalid parameters'),
})

/** Product photos as WebP at a few widths: `GET /media/:id/:width.webp`, cached for a year (ids never change content). */
export const mediaRoutes: FastifyPluginAsyncZod<{ db: Db; roots: MediaRoots }> = async (app, { db, roots }) => {
  app.get(
    '/media/:id/:width.webp',
    { schema: { tags: ['media'], summary: 'Product photo as WebP', params: Params } },
    async (request, reply) => {
      const file = await imageRendition(db, roots, request.params.id, request.params.width as (typeof imageWidths)[number])
      return reply.type('image/webp').header('cache-control', 'public, max-age=31536000, immutable').send(createReadStream(file))
    },
  )
}
