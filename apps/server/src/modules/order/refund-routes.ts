import { IdParam } from '@bazaar/contract/catalog'
import { okReply } from '@bazaar/contract/envelope'
import { Order, RefundBody, RefuseBody } from '@bazaar/contract/orders'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { shopOf, userOf } from '../../platform/access.ts'
import { ok } from '../../platform/replies.ts'
import { agreeRefund, applyRefund, refuseRefund } from './refund-service.ts'
import { lockErrors, moveErrors } from './route-errors.ts'

/**
 * The buyer's after-sales routes (SPEC §3 Refund, §4; buyer group under /api), registered by
 * `orderRoutes`.
 */
export const buyerRefundRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app
  app.post(
    '/orders/:id/refunds',
    {
      config: {
        errors: [
          ...moveErrors,
          'after-sales time exceeded',
          'Refund quantity exceeds the units left',
          'A refund is already open for this item',
        ],
      },
      schema: {
        tags: ['orders'],
        operationId: 'applyRefund',
        summary: 'Apply for a refund of one line',
        params: IdParam,
        body: RefundBody,
        response: { 200: okReply(Order) },
      },
    },
    async (request) => ok(await applyRefund(db, userOf(request).id, request.params.id, request.body)),
  )
}

/**
 * The merchant's answers to refunds (SPEC §4 merchant actions; merchant group under
 * /api/shop), registered by `merchantOrderRoutes`, whose hook refuses a locked shop.
 */
export const merchantRefundRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app
  const tags = ['merchant orders']
  app.post(
    '/refunds/:id/agree',
    {
      config: { errors: [...moveErrors, ...lockErrors] },
      schema: {
        tags,
        operationId: 'agreeRefund',
        summary: 'Agree a refund (money back at once)',
        params: IdParam,
        response: { 200: okReply(z.null()) },
      },
    },
    async (request) => {
      await agreeRefund(db, request.params.id, shopOf(request))
      return ok(null)
    },
  )
  app.post(
    '/refunds/:id/refuse',
    {
      config: { errors: [...moveErrors, ...lockErrors] },
      schema: {
        tags,
        operationId: 'refuseRefund',
        summary: 'Refuse a refund with a reason',
        params: IdParam,
        body: RefuseBody,
        response: { 200: okReply(z.null()) },
      },
    },
    async (request) => {
      await refuseRefund(db, request.params.id, shopOf(request), request.body.reason)
      return ok(null)
    },
  )
}
