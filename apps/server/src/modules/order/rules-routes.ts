import { okReply } from '@bazaar/contract/envelope'
import { OrderRules } from '@bazaar/contract/orders'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { operatorOf } from '../../platform/access.ts'
import { ok } from '../../platform/replies.ts'
import { changeOrderRules } from './rules-service.ts'

/** The order time rules as operators change them (operator group under /api/admin). */
export const orderRulesAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.put(
    '/settings/orders',
    {
      schema: {
        tags: ['admin'],
        operationId: 'changeOrderRules',
        summary: 'Change the order time rules',
        body: OrderRules,
        response: { 200: okReply(OrderRules) },
      },
    },
    async (request) => ok(await changeOrderRules(app.db, operatorOf(request).id, request.body)),
  )
}
