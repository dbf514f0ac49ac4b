import { IdParam } from '@bazaar/contract/catalog'
import { okReply } from '@bazaar/contract/envelope'
import {
  CheckoutBody,
  CheckoutPreview,
  LogisticsBody,
  ModifyAddressBody,
  Order,
  OrderCounts,
  OrderListQuery,
  OrderPage,
  PayBody,
  PreviewBody,
  RefundBody,
  RefuseBody,
  ShipBody,
} from '@bazaar/contract/orders'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import type { Db } from '../../db/database.ts'
import { idempotencyKeyOf } from '../../platform/idempotency.ts'
import { ok } from '../../platform/replies.ts'
import { requireUser } from '../../platform/session.ts'
import { createOrders, previewCheckout } from './checkout.ts'
import { addLogisticsEvent, cancelOrder, confirmReceipt, modifyOrderAddress, shipOrder } from './lifecycle.ts'
import { payOrders } from './payment.ts'
import { listOrders, merchantShop, orderCounts, orderDetails, orderFor } from './queries.ts'
import { agreeRefund, applyRefund, refuseRefund } from './refunds.ts'

const idempotencyHeader = z.object({ 'idempotency-key': z.string().max(100).optional() }).passthrough()

/** Buyer order routes (SPEC §2 buy, order, orderDetail) and the merchant's under /shop. */
export const orderRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  const tags = ['orders']
  const user = async (request: Parameters<typeof requireUser>[1]) => (await requireUser(db, request)).id
  const detail = async (id: number) => (await orderDetails(db.kysely, [id]))[0]!

  app.post(
    '/checkout/preview',
    {
      schema: {
        tags,
        summary: 'Buy page: lines by shop with totals from server prices',
        body: PreviewBody,
        response: { 200: okReply(CheckoutPreview) },
      },
    },
    async (request) => ok(await previewCheckout(db, await user(request), request.body)),
  )
  app.post(
    '/orders',
    {
      schema: {
        tags,
        summary: 'Place one order per shop, reserving stock',
        body: CheckoutBody,
        response: { 200: okReply(z.object({ items: z.array(Order) })) },
      },
    },
    async (request) => ok({ items: await createOrders(db, await user(request), request.body) }),
  )
  app.post(
    '/orders/pay',
    {
      schema: {
        tags,
        summary: 'Pay orders from the wallet (payment password, Idempotency-Key)',
        headers: idempotencyHeader,
        body: PayBody,
        response: { 200: okReply(z.object({ items: z.array(Order) })) },
      },
    },
    async (request) => ok({ items: await payOrders(db, await user(request), request.body, idempotencyKeyOf(request.headers)) }),
  )
  app.get(
    '/orders',
    { schema: { tags, summary: 'Orders of a tab, newest first', querystring: OrderListQuery, response: { 200: okReply(OrderPage) } } },
    async (request) => ok(await listOrders(db.kysely, { userId: await user(request) }, request.query)),
  )
  app.get(
    '/orders/counts',
    { schema: { tags, summary: 'Counts for the member page shortcuts', response: { 200: okReply(OrderCounts) } } },
    async (request) => ok(await orderCounts(db.kysely, await user(request))),
  )
  app.get(
    '/orders/:id',
    { schema: { tags, summary: 'Order detail', params: IdParam, response: { 200: okReply(Order) } } },
    async (request) => {
      const order = await orderFor(db.kysely, { userId: await user(request) }, request.params.id)
      return ok(await detail(order.id))
    },
  )
  app.post(
    '/orders/:id/cancel',
    { schema: { tags, summary: 'Cancel an unpaid order', params: IdParam, response: { 200: okReply(Order) } } },
    async (request) => ok(await cancelOrder(db, await user(request), request.params.id)),
  )
  app.post(
    '/orders/:id/address',
    {
      schema: {
        tags,
        summary: 'Change the address before shipping',
        params: IdParam,
        body: ModifyAddressBody,
        response: { 200: okReply(Order) },
      },
    },
    async (request) => ok(await modifyOrderAddress(db, await user(request), request.params.id, request.body.addressId)),
  )
  app.post(
    '/orders/:id/receive',
    { schema: { tags, summary: 'Confirm receipt', params: IdParam, response: { 200: okReply(Order) } } },
    async (request) => ok(await confirmReceipt(db, { userId: await user(request) }, request.params.id)),
  )
  app.post(
    '/orders/:id/refunds',
    { schema: { tags, summary: 'Apply for a refund of one line', params: IdParam, body: RefundBody, response: { 200: okReply(Order) } } },
    async (request) => ok(await applyRefund(db, await user(request), request.params.id, request.body)),
  )

  const shopTags = ['merchant orders']
  const shop = async (request: Parameters<typeof requireUser>[1]) => merchantShop(db.kysely, await user(request))
  app.get(
    '/shop/orders',
    {
      schema: {
        tags: shopTags,
        summary: "The merchant's orders of a tab",
        querystring: OrderListQuery,
        response: { 200: okReply(OrderPage) },
      },
    },
    async (request) => ok(await listOrders(db.kysely, await shop(request), request.query)),
  )
  app.get(
    '/shop/orders/:id',
    { schema: { tags: shopTags, summary: 'Merchant order detail', params: IdParam, response: { 200: okReply(Order) } } },
    async (request) => {
      const order = await orderFor(db.kysely, await shop(request), request.params.id)
      return ok(await detail(order.id))
    },
  )
  app.post(
    '/shop/orders/:id/ship',
    {
      schema: {
        tags: shopTags,
        summary: 'Ship with carrier and tracking number',
        params: IdParam,
        body: ShipBody,
        response: { 200: okReply(Order) },
      },
    },
    async (request) =>
      ok(await shipOrder(db, (await shop(request)).shopId, request.params.id, request.body.carrier, request.body.trackingNo)),
  )
  app.post(
    '/shop/orders/:id/logistics',
    {
      schema: { tags: shopTags, summary: 'Add a logistics event', params: IdParam, body: LogisticsBody, response: { 200: okReply(Order) } },
    },
    async (request) => ok(await addLogisticsEvent(db, (await shop(request)).shopId, request.params.id, request.body.description)),
  )
  app.post(
    '/shop/refunds/:id/agree',
    { schema: { tags: shopTags, summary: 'Agree a refund (money back at once)', params: IdParam, response: { 200: okReply(z.null()) } } },
    async (request) => {
      await agreeRefund(db, request.params.id, (await shop(request)).shopId)
      return ok(null)
    },
  )
  app.post(
    '/shop/refunds/:id/refuse',
    {
      schema: {
        tags: shopTags,
        summary: 'Refuse a refund with a reason',
        params: IdParam,
        body: RefuseBody,
        response: { 200: okReply(z.null()) },
      },
    },
    async (request) => {
      await refuseRefund(db, request.params.id, (await shop(request)).shopId, request.body.reason)
      return ok(null)
    },
  )
}
