import {
  CategoryTree,
  IdParam,
  ListingPage,
  ProductDetail,
  ProductListQuery,
  ShopListQuery,
  ShopPage,
  ShopSummary,
} from '@bazaar/contract/catalog'
import { okReply } from '@bazaar/contract/envelope'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import type { Db } from '../../db/database.ts'
import { ok } from '../../platform/replies.ts'
import * as catalog from './service.ts'

/** Catalogue routes under /api: categories, product list and search, product detail, shops. */
export const catalogRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  const tags = ['catalogue']
  app.get('/categories', { schema: { tags, summary: 'Two-level category tree', response: { 200: okReply(CategoryTree) } } }, async () =>
    ok(await catalog.categoryTree(db)),
  )

  app.get(
    '/products',
    {
      schema: {
        tags,
        summary: 'Product list and keyword search, cursor-paginated',
        querystring: ProductListQuery,
        response: { 200: okReply(ListingPage) },
      },
    },
    async (request) => ok(await catalog.listProducts(db, request.query)),
  )

  app.get(
    '/products/:id',
    { schema: { tags, summary: 'Product detail of a listing', params: IdParam, response: { 200: okReply(ProductDetail) } } },
    async (request) => ok(await catalog.productDetail(db, request.params.id)),
  )

  app.get(
    '/shops',
    { schema: { tags, summary: 'Shop list', querystring: ShopListQuery, response: { 200: okReply(ShopPage) } } },
    async (request) => ok(await catalog.listShops(db, request.query)),
  )

  app.get(
    '/shops/:id',
    { schema: { tags, summary: 'Shop home header', params: IdParam, response: { 200: okReply(ShopSummary) } } },
    async (request) => ok(await catalog.shopSummary(db, request.params.id)),
  )
}
