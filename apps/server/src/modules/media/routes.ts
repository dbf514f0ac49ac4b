import { createReadStream } from 'node:fs'
import { imageWidths } from '@bazaar/contract/catalog-values'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { imageRendition, type MediaRoots, reviewPhotoRendition } from './service.ts'

/** A binary reply body (an image), for the OpenAPI document. */
const Binary = z.any().meta({ type: 'string', format: 'binary' })

const Params = z.object({
  id: z.coerce.number().int().positive().max(2_147_483_647),
  width: z.coerce
    .number()
    .int()
    .refine((w): w is (typeof imageWidths)[number] => (imageWidths as readonly number[]).includes(w), 'Invalid parameters'),
})

/**
 * Product photos as WebP at a few widths: `GET /media/:id/:width.webp`, cached for a year (ids
 * never change content); review photos at `/media/reviews/:id/:width.webp` while their review
 * is visible (public group).
 */
export function mediaRoutes(roots: MediaRoots): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/media/:id/:width.webp',
      {
        config: { errors: ['Image not found', 'Image processing busy'] },
        schema: {
          tags: ['media'],
          operationId: 'getProductPhoto',
          summary: 'Product photo as WebP',
          params: Params,
          response: { 200: { description: 'The photo as WebP', content: { 'image/webp': { schema: Binary } } } },
        },
      },
      async (request, reply) => {
        const file = await imageRendition(
          app.db,
          roots,
          app.imageWork,
          request.params.id,
          request.params.width as (typeof imageWidths)[number],
        )
        return reply.type('image/webp').header('cache-control', 'public, max-age=31536000, immutable').send(createReadStream(file))
      },
    )
    app.get(
      '/media/reviews/:id/:width.webp',
      {
        config: { errors: ['Image not found'] },
        schema: {
          tags: ['media'],
          operationId: 'getReviewPhoto',
          summary: 'Photo of a visible review as WebP',
          params: Params,
          response: { 200: { description: 'The photo as WebP', content: { 'image/webp': { schema: Binary } } } },
        },
      },
      async (request, reply) => {
        const file = await reviewPhotoRendition(
          app.db,
          roots,
          app.imageWork,
          request.params.id,
          request.params.width as (typeof imageWidths)[number],
        )
        // Short: an operator may hide the review, and its photos must stop being public.
        return reply.type('image/webp').header('cache-control', 'public, max-age=300').send(createReadStream(file))
      },
    )
  }
}
