import { Cart, CartIdsBody, CartMergeBody, CartSelectAllBody, CartUpdateBody, FavouritePage, LineInput } from '@bazaar/contract/cart'
import { IdParam } from '@bazaar/contract/catalog'
import { okReply } from '@bazaar/contract/envelope'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import type { Db } from '../../db/database.ts'
import { ok } from '../../platform/replies.ts'
import { requireUser } from '../../platform/session.ts'
import * as favourites from './favourites.ts'
import * as cart from './service.ts'

/** The server-side cart (SPEC §2 cart, edit mode) and favourite goods (collect, goods tab). */
export const cartRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  const tags = ['cart']
  const user = async (request: Parameters<typeof requireUser>[1]) => (await requireUser(db, request)).id
  app.get(
    '/cart',
    { schema: { tags, summary: 'The cart with current prices and stock', response: { 200: okReply(Cart) } } },
    async (request) => ok(await cart.getCart(db, await user(request))),
  )
  app.post(
    '/cart/items',
    { schema: { tags, summary: 'Add a SKU (quantities add up)', body: LineInput, response: { 200: okReply(Cart) } } },
    async (request) => ok(await cart.addToCart(db, await user(request), request.body)),
  )
  app.patch(
    '/cart/items/:id',
    { schema: { tags, summary: 'Change quantity or selection', params: IdParam, body: CartUpdateBody, response: { 200: okReply(Cart) } } },
    async (request) => ok(await cart.updateCartItem(db, await user(request), request.params.id, request.body)),
  )
  app.post(
    '/cart/select-all',
    { schema: { tags, summary: 'Select or clear all lines', body: CartSelectAllBody, response: { 200: okReply(Cart) } } },
    async (request) => ok(await cart.selectAll(db, await user(request), request.body.selected)),
  )
  app.post(
    '/cart/remove',
    { schema: { tags, summary: 'Remove lines', body: CartIdsBody, response: { 200: okReply(Cart) } } },
    async (request) => {
      const userId = await user(request)
      await cart.removeFromCart(db, userId, request.body.ids)
      return ok(await cart.getCart(db, userId))
    },
  )
  app.post(
    '/cart/save-to-favourites',
    { schema: { tags, summary: 'Move lines to favourite goods', body: CartIdsBody, response: { 200: okReply(Cart) } } },
    async (request) => {
      const userId = await user(request)
      const lines = await db.kysely
        .selectFrom('cart_items')
        .select('listing_id')
        .where('user_id', '=', userId)
        .where('id', 'in', request.body.ids)
        .execute()
      await favourites.addFavourites(db, userId, [...new Set(lines.map((l) => l.listing_id))])
      await cart.removeFromCart(db, userId, request.body.ids)
      return ok(await cart.getCart(db, userId))
    },
  )
  app.post(
    '/cart/merge',
    { schema: { tags, summary: "Merge a visitor's device cart at login", body: CartMergeBody, response: { 200: okReply(Cart) } } },
    async (request) => ok(await cart.mergeCart(db, await user(request), request.body.items)),
  )

  const favTags = ['favourites']
  app.get(
    '/favourites',
    {
      schema: {
        tags: favTags,
        summary: 'Favourite goods, newest first',
        querystring: z
          .object({ cursor: z.string().max(200).optional(), limit: z.coerce.number().int().min(1).max(100).default(20) })
          .strict(),
        response: { 200: okReply(FavouritePage) },
      },
    },
    async (request) => ok(await favourites.listFavourites(db, await user(request), request.query)),
  )
  app.post(
    '/favourites/:id',
    { schema: { tags: favTags, summary: 'Save a listing to favourites', params: IdParam, response: { 200: okReply(z.null()) } } },
    async (request) => {
      await favourites.addFavourites(db, await user(request), [request.params.id])
      return ok(null)
    },
  )
  app.delete(
    '/favourites/:id',
    { schema: { tags: favTags, summary: 'Remove a listing from favourites', params: IdParam, response: { 200: okReply(z.null()) } } },
    async (request) => {
      await favourites.removeFavourite(db, await user(request), request.params.id)
      return ok(null)
    },
  )
}
