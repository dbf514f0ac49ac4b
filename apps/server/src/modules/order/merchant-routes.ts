import { IdParam } from '@bazaar/contract/catalog'
import { okReply } from '@bazaar/contract/envelope'
import { LogisticsBody, Order, OrderListQuery, OrderPage, ShipBody } from '@bazaar/contract/orders'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { shopOf, userOf } from '../../platform/access.ts'
import { IdempotencyHeader, idempotencyKeyOf } from '../../platform/idempotency.ts'
import { ok } from '../../platform/replies.ts'
import { assertShopActive } from '../catalog/shop-service.ts'
import { listOrders, orderDetail } from './details.ts'
import { addLogisticsEvent, shipOrder } from './lifecycle-service.ts'
import { merchantRefundRoutes } from './merchant-refund-routes.ts'
import { lockErrors, moveErrors } from './route-errors.ts'

const shopTags = ['merchant orders']

/** The merchant's orders (merchant group under /api/shop), and its answers to refunds (`merchantRefundRoutes`) behind the same hook. */
export const merchantOrderRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app
  app.addHook('preHandler', async (request) => assertShopActive(db.kysely, shopOf(request)))
  app.get(
    '/orders',
    {
      config: { errors: ['Invalid cursor', 'Page size must be 1 to 100', ...lockErrors] },
      schema: {
        tags: shopTags,
        operationId: 'listShopOrders',
        summary: "The merchant's orders of a tab",
        querystring: OrderListQuery,
        response: { 200: okReply(OrderPage) },
      },
    },
    async (request) => ok(await listOrders(db.kysely, { shopId: shopOf(request) }, request.query)),
  )
  app.get(
    '/orders/:id',
    {
      config: { errors: ['Order not found', ...lockErrors] },
      schema: {
        tags: shopTags,
        operationId: 'getShopOrder',
        summary: 'Merchant order detail',
        params: IdParam,
        response: { 200: okReply(Order) },
      },
    },
    async (request) => ok(await orderDetail(db.kysely, { shopId: shopOf(request) }, request.params.id)),
  )
  app.post(
    '/orders/:id/ship',
    {
      config: {
        errors: [
          ...moveErrors,
          ...lockErrors,
          'Insufficient balance',
          'Account is locked',
          'Money Status is locked',
          'Idempotency key in use',
          'Idempotency key reused',
        ],
      },
      schema: {
        tags: shopTags,
        operationId: 'shipOrder',
        summary: 'Ship with carrier and tracking number, paying the purchase price of the units from the wallet (Idempotency-Key)',
        headers: IdempotencyHeader,
        params: IdParam,
        body: ShipBody,
        response: { 200: okReply(Order) },
      },
    },
    async (request) =>
      ok(
        await shipOrder(
          db,
          { shopId: shopOf(request), userId: userOf(request).id },
          request.params.id,
          request.body,
          idempotencyKeyOf(request.headers),
        ),
      ),
  )
  app.post(
    '/orders/:id/logistics',
    {
      config: { errors: [...moveErrors, ...lockErrors] },
      schema: {
        tags: shopTags,
        operationId: 'addLogisticsEvent',
        summary: 'Add a logistics event',
        params: IdParam,
        body: LogisticsBody,
        response: { 200: okReply(Order) },
      },
    },
    async (request) => ok(await addLogisticsEvent(db, shopOf(request), request.params.id, request.body.description)),
  )
  await app.register(merchantRefundRoutes)
}
