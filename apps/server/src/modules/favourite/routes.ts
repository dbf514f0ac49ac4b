import { FavouritePage, FavouriteQuery } from '@bazaar/contract/cart'
import { IdParam } from '@bazaar/contract/catalog'
import { okReply } from '@bazaar/contract/envelope'
import { CollectionCounts, FollowedShopPage, FollowState, MemberPageQuery } from '@bazaar/contract/member'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { userOf } from '../../platform/access.ts'
import { ok } from '../../platform/replies.ts'
import * as favourites from './service.ts'
import * as follows from './shop-follow-service.ts'

const tags = ['favourites']

/** Favourite goods and followed shops (SPEC §2 collect, goods and shops tabs), and the member page's counts (buyer group). */
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
  app.get(
    '/favourites/counts',
    {
      schema: {
        tags,
        operationId: 'getCollectionCounts',
        summary: 'Favourite goods, followed shops and history entries (member page)',
        response: { 200: okReply(CollectionCounts) },
      },
    },
    async (request) => ok(await follows.collectionCounts(db, userOf(request).id)),
  )
  app.get(
    '/favourites/shops',
    {
      config: { errors: ['Invalid cursor', 'Page size must be 1 to 100'] },
      schema: {
        tags,
        operationId: 'listFollowedShops',
        summary: 'Followed shops, newest first',
        querystring: MemberPageQuery,
        response: { 200: okReply(FollowedShopPage) },
      },
    },
    async (request) => ok(await follows.followedShops(db, userOf(request).id, request.query)),
  )
  app.get(
    '/favourites/shops/:id',
    {
      config: { errors: ['Shop not found'] },
      schema: {
        tags,
        operationId: 'getFollowState',
        summary: 'Whether I follow a shop, and its followers',
        params: IdParam,
        response: { 200: okReply(FollowState) },
      },
    },
    async (request) => ok(await follows.followState(db, userOf(request).id, request.params.id)),
  )
  app.post(
    '/favourites/shops/:id',
    {
      config: { errors: ['Shop not found', 'Cannot follow own shop'] },
      schema: { tags, operationId: 'followShop', summary: 'Follow a shop', params: IdParam, response: { 200: okReply(FollowState) } },
    },
    async (request) => ok(await follows.followShop(db, userOf(request).id, request.params.id)),
  )
  app.delete(
    '/favourites/shops/:id',
    {
      config: { errors: ['Shop not found'] },
      schema: { tags, operationId: 'unfollowShop', summary: 'Unfollow a shop', params: IdParam, response: { 200: okReply(FollowState) } },
    },
    async (request) => ok(await follows.unfollowShop(db, userOf(request).id, request.params.id)),
  )
}
