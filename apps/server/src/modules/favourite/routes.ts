import { FavouritePage, FavouriteQuery } from '@bazaar/contract/cart'
import { IdParam } from '@bazaar/contract/catalog'
import { okReply } from '@bazaar/contract/envelope'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { userOf } from '../../platform/access.ts'
import { ok } from '../../platform/replies.ts'
import * as favourites from './service.ts'

const tags = ['favourites']

/** Favourite goods (SPEC §2 collect, goods tab; buyer group). */
export const favouriteRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app
  app.get(
    '/favourites',
    {
      config: { errors: ['Invalid cursor'] },
      schema: {
        tags,
        operationId: 'listFavourites',
        summary: 'Favourite goods, newest first',
        querystring: FavouriteQuery,
        response: { 200: okReply(FavouritePage) },
      },
    },
    async (request) => ok(await favourites.listFavourites(db, userOf(request).id, request.query)),
  )
  app.post(
    '/favourites/:id',
    {
      config: { errors: ['Product not found'] },
      schema: {
        tags,
        operationId: 'addFavourite',
        summary: 'Save a listing to favourites',
        params: IdParam,
        response: { 200: okReply(z.null()) },
      },
    },
    async (request) => {
      await favourites.addFavourite(db, userOf(request).id, request.params.id)
      return ok(null)
    },
  )
  app.delete(
    '/favourites/:id',
    {
      schema: {
        tags,
        operationId: 'removeFavourite',
        summary: 'Remove a listing from favourites',
        params: IdParam,
        response: { 200: okReply(z.null()) },
      },
    },
    async (request) => {
      await favourites.removeFavourite(db, userOf(request).id, request.params.id)
      return ok(null)
    },
  )
}
