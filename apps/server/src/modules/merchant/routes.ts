import { IdParam } from '@bazaar/contract/catalog'
import { okReply } from '@bazaar/contract/envelope'
import type { ErrorKey } from '@bazaar/contract/errors'
import { Application, ApplicationBody, MyApplication } from '@bazaar/contract/merchant-application'
import { Dashboard, MoneyTimeline, SettlementPage } from '@bazaar/contract/merchant-dashboard'
import {
  AddListingBody,
  CatalogueItem,
  CataloguePage,
  CatalogueQuery,
  ListingQuery,
  MerchantListing,
  MerchantListingPage,
  ShelfBody,
} from '@bazaar/contract/merchant-listings'
import { MyShop, ShopSettingsBody } from '@bazaar/contract/merchant-shop'
import { cursorParam } from '@bazaar/contract/text'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { shopOf, userOf } from '../../platform/access.ts'
import { ok } from '../../platform/replies.ts'
import type { Storage } from '../../platform/storage.ts'
import { assertShopActive } from '../catalog/shop-service.ts'
import { moneyTimeline, settlementPage } from '../order/shop-orders-service.ts'
import { myApplication, submitApplication } from './application-service.ts'
import * as shop from './shop-service.ts'

const tags = ['merchant']
const Done = okReply(z.null())
const pageErrors = ['Invalid cursor', 'Page size must be 1 to 100'] as const
/** Every merchant route answers these besides its own: the shop may be locked (SPEC §6). */
const lockErrors: ErrorKey[] = ['Shop is locked', 'Shop not found']
const PageQuery = z
  .object({
    cursor: cursorParam.optional(),
    limit: z.coerce.number().int().min(1, 'Page size must be 1 to 100').max(100, 'Page size must be 1 to 100').default(20),
  })
  .strict()

/** The shop application of a signed-in user (buyer group; SPEC §2 apply). */
export const shopApplicationRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app
  app.get(
    '/shop-application',
    {
      schema: {
        tags,
        operationId: 'getMyShopApplication',
        summary: 'The latest shop application and whether a new one may be filed',
        response: { 200: okReply(MyApplication) },
      },
    },
    async (request) => ok(await myApplication(db, userOf(request).id)),
  )
  app.post(
    '/shop-application',
    {
      config: {
        errors: ['Not yet open', 'Processing', 'Request already handled', 'Upload not found', 'Shop name already taken', 'Email incorrect'],
      },
      schema: {
        tags,
        operationId: 'submitShopApplication',
        summary: 'File a shop application (personal shops only; under review until an operator decides)',
        body: ApplicationBody,
        response: { 200: okReply(Application) },
      },
    },
    async (request) => ok(await submitApplication(db, userOf(request).id, request.body)),
  )
}

/** The merchant's shop: profile, settings, listings, dashboard, settlements (merchant group under /api/shop). */
export const merchantShopRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app
  app.addHook('preHandler', async (request) => assertShopActive(db.kysely, shopOf(request)))
  const me = (request: Parameters<typeof userOf>[0]) => ({ shopId: shopOf(request), userId: userOf(request).id })

  app.get(
    '/profile',
    {
      config: { errors: lockErrors },
      schema: {
        tags,
        operationId: 'getMyShop',
        summary: "The merchant's shop with its level's rules and credit",
        response: { 200: okReply(MyShop) },
      },
    },
    async (request) => ok(await shop.myShop(db, shopOf(request))),
  )
  app.put(
    '/settings',
    {
      config: { errors: [...lockErrors, 'Shop name already taken', 'Upload not found'] },
      schema: {
        tags,
        operationId: 'changeShopSettings',
        summary: 'Change name, bio, logo, flat freight and delivery countries',
        body: ShopSettingsBody,
        response: { 200: okReply(MyShop) },
      },
    },
    async (request) => ok(await shop.changeSettings(db, me(request), request.body)),
  )
  app.get(
    '/dashboard',
    {
      config: { errors: lockErrors },
      schema: {
        tags,
        operationId: 'getShopDashboard',
        summary: 'Dashboard figures from orders and the ledger, and the last 30 days',
        response: { 200: okReply(Dashboard) },
      },
    },
    async (request) => ok(await shop.dashboard(db, me(request))),
  )
  app.get(
    '/catalogue',
    {
      config: { errors: [...lockErrors, ...pageErrors, 'Please enter key words', 'Category not found'] },
      schema: {
        tags,
        operationId: 'browseCatalogueToList',
        summary: "The platform catalogue priced at the shop's profit ratio (by category and keywords)",
        querystring: CatalogueQuery,
        response: { 200: okReply(CataloguePage) },
      },
    },
    async (request) => ok(await shop.catalogue(db, shopOf(request), request.query)),
  )
  app.get(
    '/catalogue/:id',
    {
      config: { errors: [...lockErrors, 'Product not found'] },
      schema: {
        tags,
        operationId: 'getCatalogueProductToList',
        summary: "One catalogue product priced at the shop's profit ratio, with the shop's listing of it if any",
        params: IdParam,
        response: { 200: okReply(CatalogueItem) },
      },
    },
    async (request) => ok(await shop.catalogueItem(db, shopOf(request), request.params.id)),
  )
  app.get(
    '/listings',
    {
      config: { errors: [...lockErrors, ...pageErrors] },
      schema: {
        tags,
        operationId: 'listShopListings',
        summary: "The shop's listings, newest first",
        querystring: ListingQuery,
        response: { 200: okReply(MerchantListingPage) },
      },
    },
    async (request) => ok(await shop.listings(db, shopOf(request), request.query)),
  )
  app.post(
    '/listings',
    {
      config: { errors: [...lockErrors, 'Product not found', 'Product already listed', 'sj_zdsps', 'sj_zdjg', 'Listing not found'] },
      schema: {
        tags,
        operationId: 'addListing',
        summary: "List a catalogue product at the level's ratio (listing count and credit price cap apply)",
        body: AddListingBody,
        response: { 200: okReply(MerchantListing) },
      },
    },
    async (request) => ok(await shop.listProduct(db, shopOf(request), request.body)),
  )
  app.post(
    '/listings/:id/shelf',
    {
      config: { errors: [...lockErrors, 'Listing not found', 'sj_zdsps'] },
      schema: {
        tags,
        operationId: 'setListingShelf',
        summary: 'Put a listing on the shelf or take it off',
        params: IdParam,
        body: ShelfBody,
        response: { 200: Done },
      },
    },
    async (request) => {
      await shop.setShelf(db, shopOf(request), request.params.id, request.body.onSale)
      return ok(null)
    },
  )
  app.delete(
    '/listings/:id',
    {
      config: { errors: [...lockErrors, 'Listing not found'] },
      schema: { tags, operationId: 'deleteListing', summary: 'Delete a listing', params: IdParam, response: { 200: Done } },
    },
    async (request) => {
      await shop.removeListing(db, shopOf(request), request.params.id)
      return ok(null)
    },
  )
  app.get(
    '/settlements',
    {
      config: { errors: [...lockErrors, ...pageErrors] },
      schema: {
        tags,
        operationId: 'listPendingSettlements',
        summary: 'Orders waiting for settlement: paid by the user, paid by the merchant, profit',
        querystring: PageQuery,
        response: { 200: okReply(SettlementPage) },
      },
    },
    async (request) => ok(await settlementPage(db.kysely, shopOf(request), request.query)),
  )
  app.get(
    '/orders/:id/money',
    {
      config: { errors: [...lockErrors, 'Order not found'] },
      schema: {
        tags,
        operationId: 'getOrderMoneyTimeline',
        summary:
          "An order's money timeline from the ledger: paid, purchase paid, shipped, received, after-sales close, settled or refunded",
        params: IdParam,
        response: { 200: okReply(MoneyTimeline) },
      },
    },
    async (request) => ok(await moneyTimeline(db.kysely, shopOf(request), request.params.id)),
  )
}

/**
 * A shop's logo for everyone (public group): the merchant chose to show it, and it was
 * checked to be its own `shop_logo` upload when set (application or settings).
 */
export function shopLogoRoutes(storage: Storage): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/shops/:id/logo',
      {
        config: { errors: ['Shop not found', 'Image not found', 'Upload not found'] },
        schema: {
          tags: ['catalogue'],
          operationId: 'getShopLogo',
          summary: "A shop's logo image",
          params: IdParam,
          response: {
            200: {
              description: 'The logo as stored (JPEG, PNG or WebP)',
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
        const file = await shop.shopLogo(app.db, storage, request.params.id)
        return reply.type(file.mime).header('cache-control', 'public, max-age=300').send(file.stream)
      },
    )
  }
}
