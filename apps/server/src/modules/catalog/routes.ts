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
import fastifyEtag from '@fastify/etag'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { fastReply } from '../../platform/fast-replies.ts'
import { ok } from '../../platform/replies.ts'
import * as catalog from './service.ts'
import { recordShopVisit } from './shop-service.ts'

const tags = ['catalogue']

/**
 * Catalogue routes (public group): categories, product list and search, product detail, shops.
 * Their replies are the same for everyone, so a browser may keep them but asks again each time
 * (`Cache-Control: no-cache`, not the public group's no-store) with the reply's ETag, and an
 * unchanged reply comes back as an empty 304 (issue 15).
 */
export const catalogRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app
  await app.register(fastifyEtag)
  app.addHook('onRequest', async (_request, reply) => {
    reply.header('cache-control', 'no-cache')
  })
  app.get(
    '/categories',
    { schema: { tags, operationId: 'listCategories', summary: 'Two-level category tree', response: { 200: okReply(CategoryTree) } } },
    async () => ok(await catalog.categoryTree(db)),
  )
  app.get(
    '/products',
    {
      config: {
        errors: ['Category not found', 'Shop not found', 'Invalid cursor', 'Please enter key words', 'Page size must be 1 to 100'],
      },
      schema: {
        tags,
        operationId: 'listProducts',
        summary: 'Product list and keyword search, cursor-paginated',
        querystring: ProductListQuery,
        response: { 200: fastReply(okReply(ListingPage)) },
      },
    },
    async (request) => ok(await catalog.listProducts(db, request.query)),
  )
  app.get(
    '/products/:id',
    {
      config: { errors: ['Product not found'] },
      schema: {
        tags,
        operationId: 'getProduct',
        summary: 'Product detail of a listing',
        params: IdParam,
        response: { 200: fastReply(okReply(ProductDetail)) },
      },
    },
    async (request) => ok(await catalog.productDetail(db, request.params.id)),
  )
  app.get(
    '/shops',
    {
      config: { errors: ['Invalid cursor', 'Page size must be 1 to 100'] },
      schema: { tags, operationId: 'listShops', summary: 'Shop list', querystring: ShopListQuery, response: { 200: okReply(ShopPage) } },
    },
    async (request) => ok(await catalog.listShops(db, request.query)),
  )
  app.get(
    '/shops/:id',
    {
      config: { errors: ['Shop not found'] },
      schema: {
        tags,
        operationId: 'getShop',
        summary: 'Shop home header (counts a visitor for the day)',
        params: IdParam,
        response: { 200: okReply(ShopSummary) },
      },
    },
    async (request) => {
      const summary = await catalog.shopSummary(db, request.params.id)
      // A visitor of the shop's home counts once a day (the merchant dashboard's visitors).
      await recordShopVisit(db.kysely, summary.id, request.ip)
      return ok(summary)
    },
  )
}
