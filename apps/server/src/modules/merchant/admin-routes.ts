import { IdParam } from '@bazaar/contract/catalog'
import { okReply } from '@bazaar/contract/envelope'
import { AdminApplication, AdminApplicationPage, Application, ApplicationQuery } from '@bazaar/contract/merchant-application'
import {
  AdminOverview,
  AdminShopPage,
  AdminShopQuery,
  CsvImportResult,
  PurchasePriceBody,
  ShopCreditBody,
  ShopLockBody,
  SkuPricePage,
  SkuPriceQuery,
} from '@bazaar/contract/merchant-console'
import { fileText } from '@bazaar/contract/text'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { operatorOf } from '../../platform/access.ts'
import { decisionRoutes } from '../../platform/decision-routes.ts'
import { ok } from '../../platform/replies.ts'
import { maxCsvLines } from '../catalog/purchase-price-service.ts'
import { applicationDetail, applicationQueue, approveApplication, rejectApplication } from './application-service.ts'
import * as consoleService from './console-service.ts'

const tags = ['admin']
const Done = okReply(z.null())
const pageErrors = ['Invalid cursor', 'Page size must be 1 to 100'] as const
/** Largest CSV body the import takes: about 100 bytes a line. */
const maxCsvBytes = maxCsvLines * 100

/** The console's merchant-store routes (operator group under /api/admin). */
export const merchantAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app
  app.addContentTypeParser('text/csv', { parseAs: 'string', bodyLimit: maxCsvBytes }, (_request, body, done) => done(null, body))

  app.get(
    '/shop-applications',
    {
      config: { errors: pageErrors },
      schema: {
        tags,
        operationId: 'listShopApplications',
        summary: 'Shop applications in a status, oldest first',
        querystring: ApplicationQuery,
        response: { 200: okReply(AdminApplicationPage) },
      },
    },
    async (request) => ok(await applicationQueue(db, request.query)),
  )
  app.get(
    '/shop-applications/:id',
    {
      config: { errors: ['Application not found'] },
      schema: {
        tags,
        operationId: 'getShopApplication',
        summary: 'One application; its identity photos open at GET /api/uploads/:id',
        params: IdParam,
        response: { 200: okReply(AdminApplication) },
      },
    },
    async (request) => ok(await applicationDetail(db, request.params.id)),
  )
  decisionRoutes(app, {
    path: '/shop-applications',
    name: 'ShopApplication',
    reply: Application,
    notFound: 'Application not found',
    approve: {
      summary: 'Approve: opens the shop at level 1, makes the user a merchant, opens the bond account',
      errors: ['Shop name already taken', 'User not found'],
      decide: approveApplication,
    },
    reject: { summary: 'Reject with a reason (the applicant may refill)', decide: rejectApplication },
  })

  app.get(
    '/shops',
    {
      config: { errors: pageErrors },
      schema: {
        tags,
        operationId: 'listShopsAdmin',
        summary: 'Shops with owner, level, credit, lock, demo mark and bond',
        querystring: AdminShopQuery,
        response: { 200: okReply(AdminShopPage) },
      },
    },
    async (request) => ok(await consoleService.shopList(db, request.query)),
  )
  app.post(
    '/shops/:id/credit',
    {
      config: { errors: ['Shop not found'] },
      schema: {
        tags,
        operationId: 'setShopCredit',
        summary: "Set a shop's credit score",
        params: IdParam,
        body: ShopCreditBody,
        response: { 200: Done },
      },
    },
    async (request) => {
      await consoleService.changeShopCredit(db, operatorOf(request).id, request.params.id, request.body.creditScore)
      return ok(null)
    },
  )
  app.post(
    '/shops/:id/lock',
    {
      config: { errors: ['Shop not found'] },
      schema: {
        tags,
        operationId: 'lockShop',
        summary: 'Lock or unlock a shop',
        params: IdParam,
        body: ShopLockBody,
        response: { 200: Done },
      },
    },
    async (request) => {
      await consoleService.changeShopLock(db, operatorOf(request).id, request.params.id, request.body.locked)
      return ok(null)
    },
  )

  app.get(
    '/catalogue/skus',
    {
      config: { errors: pageErrors },
      schema: {
        tags,
        operationId: 'listSkuPrices',
        summary: 'Catalogue SKUs with retail and purchase prices',
        querystring: SkuPriceQuery,
        response: { 200: okReply(SkuPricePage) },
      },
    },
    async (request) => ok(await consoleService.skuPrices(db, request.query)),
  )
  app.put(
    '/catalogue/skus/:id/purchase-price',
    {
      config: { errors: ['Product not found'] },
      schema: {
        tags,
        operationId: 'setPurchasePrice',
        summary: "Set a SKU's purchase price (its listings are priced again)",
        params: IdParam,
        body: PurchasePriceBody,
        response: { 200: Done },
      },
    },
    async (request) => {
      await consoleService.changePurchasePrice(db, operatorOf(request).id, request.params.id, request.body.purchasePriceCents)
      return ok(null)
    },
  )
  app.get(
    '/catalogue/purchase-prices.csv',
    {
      schema: {
        tags,
        operationId: 'exportPurchasePrices',
        summary: 'Every purchase price as CSV: sku_code, purchase_price (dollars), product_title, retail_price',
        response: { 200: { description: 'CSV (RFC 4180)', content: { 'text/csv': { schema: z.any().meta({ type: 'string' }) } } } },
      },
    },
    async (_request, reply) =>
      reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="purchase-prices.csv"')
        .send(await consoleService.purchasePricesCsv(db)),
  )
  app.post(
    '/catalogue/purchase-prices.csv',
    {
      config: { errors: ['Invalid CSV'] },
      schema: {
        tags,
        operationId: 'importPurchasePrices',
        summary: 'Import purchase prices from CSV (sku_code, purchase_price in dollars); refused lines are listed',
        consumes: ['text/csv'],
        body: fileText().max(maxCsvBytes, 'Invalid CSV').meta({ type: 'string', description: 'text/csv' }),
        response: { 200: okReply(CsvImportResult) },
      },
    },
    async (request) => ok(await consoleService.importPurchasePricesCsv(db, operatorOf(request).id, request.body)),
  )

  app.get(
    '/overview',
    {
      schema: {
        tags,
        operationId: 'getOverview',
        summary: 'Today and the last 30 days: turnover, orders, new users and shops; queues waiting',
        response: { 200: okReply(AdminOverview) },
      },
    },
    async () => ok(await consoleService.overview(db)),
  )
}
