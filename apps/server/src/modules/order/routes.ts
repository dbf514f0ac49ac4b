import { IdParam } from '@bazaar/contract/catalog'
import { okReply } from '@bazaar/contract/envelope'
import {
  CheckoutBody,
  CheckoutPreview,
  ModifyAddressBody,
  Order,
  OrderCounts,
  OrderListQuery,
  OrderPage,
  PayBody,
  PreviewBody,
} from '@bazaar/contract/orders'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { userOf } from '../../platform/access.ts'
import { IdempotencyHeader, idempotencyKeyOf } from '../../platform/idempotency.ts'
import { ok } from '../../platform/replies.ts'
import { createOrders, previewCheckout } from './checkout-service.ts'
import { listOrders, orderCounts, orderDetail } from './details.ts'
import { cancelOrder, confirmReceipt, modifyOrderAddress } from './lifecycle-service.ts'
import { payOrders } from './payment-service.ts'
import { buyerRefundRoutes } from './refund-routes.ts'
import { moveErrors } from './route-errors.ts'

const tags = ['orders']
const Items = okReply(z.object({ items: z.array(Order) }))
const buyErrors = ['Product not found', 'no my shop', 'Inventory shortage'] as const
/** A coupon named for a shop order may not fit it (coupon module's checkout-service). */
const couponErrors = [
  'Coupon not found',
  'Coupon already used',
  'Coupon expired',
  'Coupon not started',
  'Coupon does not apply to this order',
] as const

/** Buyer order routes (SPEC §2 buy, order, orderDetail; buyer group); the refund routes are `buyerRefundRoutes`. */
export const orderRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app
  app.post(
    '/checkout/preview',
    {
      config: { errors: [...buyErrors, ...couponErrors] },
      schema: {
        tags,
        operationId: 'previewCheckout',
        summary: 'Buy page: lines by shop with the coupons that fit and totals from server prices',
        body: PreviewBody,
        response: { 200: okReply(CheckoutPreview) },
      },
    },
    async (request) => ok(await previewCheckout(db, userOf(request).id, request.body)),
  )
  app.post(
    '/orders',
    {
      config: { errors: [...buyErrors, ...couponErrors, 'no address', 'no_order', 'Account is locked', 'Money Status is locked'] },
      schema: {
        tags,
        operationId: 'placeOrders',
        summary: 'Place one order per shop, reserving stock',
        body: CheckoutBody,
        response: { 200: Items },
      },
    },
    async (request) => ok({ items: await createOrders(db, userOf(request).id, request.body) }),
  )
  app.post(
    '/orders/pay',
    {
      config: {
        // Per client address, beside the account's payment-password lock (ARCHITECTURE.md, Passwords).
        rateLimit: { max: 60, timeWindow: '10 minutes' },
        errors: [
          ...moveErrors,
          'set the payment password',
          'payment password error',
          'Payment password locked',
          'Insufficient balance',
          'Money Status is locked',
          'Account is locked',
          'Idempotency key in use',
          'Idempotency key reused',
        ],
      },
      schema: {
        tags,
        operationId: 'payOrders',
        summary: 'Pay orders from the wallet (payment password, Idempotency-Key)',
        headers: IdempotencyHeader,
        body: PayBody,
        response: { 200: Items },
      },
    },
    async (request) => ok({ items: await payOrders(db, userOf(request).id, request.body, idempotencyKeyOf(request.headers)) }),
  )
  app.get(
    '/orders',
    {
      config: { errors: ['Invalid cursor', 'Page size must be 1 to 100'] },
      schema: {
        tags,
        operationId: 'listOrders',
        summary: 'Orders of a tab, newest first',
        querystring: OrderListQuery,
        response: { 200: okReply(OrderPage) },
      },
    },
    async (request) => ok(await listOrders(db.kysely, { userId: userOf(request).id }, request.query)),
  )
  app.get(
    '/orders/counts',
    {
      schema: {
        tags,
        operationId: 'getOrderCounts',
        summary: 'Counts for the member page shortcuts',
        response: { 200: okReply(OrderCounts) },
      },
    },
    async (request) => ok(await orderCounts(db.kysely, userOf(request).id)),
  )
  app.get(
    '/orders/:id',
    {
      config: { errors: ['Order not found'] },
      schema: { tags, operationId: 'getOrder', summary: 'Order detail', params: IdParam, response: { 200: okReply(Order) } },
    },
    async (request) => ok(await orderDetail(db.kysely, { userId: userOf(request).id }, request.params.id)),
  )
  app.post(
    '/orders/:id/cancel',
    {
      config: { errors: moveErrors },
      schema: { tags, operationId: 'cancelOrder', summary: 'Cancel an unpaid order', params: IdParam, response: { 200: okReply(Order) } },
    },
    async (request) => ok(await cancelOrder(db, userOf(request).id, request.params.id)),
  )
  app.post(
    '/orders/:id/address',
    {
      config: { errors: [...moveErrors, 'no address'] },
      schema: {
        tags,
        operationId: 'changeOrderAddress',
        summary: 'Change the address before shipping',
        params: IdParam,
        body: ModifyAddressBody,
        response: { 200: okReply(Order) },
      },
    },
    async (request) => ok(await modifyOrderAddress(db, userOf(request).id, request.params.id, request.body.addressId)),
  )
  app.post(
    '/orders/:id/receive',
    {
      config: { errors: moveErrors },
      schema: { tags, operationId: 'confirmReceipt', summary: 'Confirm receipt', params: IdParam, response: { 200: okReply(Order) } },
    },
    async (request) => ok(await confirmReceipt(db, { userId: userOf(request).id }, request.params.id)),
  )
  await app.register(buyerRefundRoutes)
}
