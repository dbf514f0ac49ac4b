import { okReply } from '@bazaar/contract/envelope'
import { OrderRules } from '@bazaar/contract/orders'
import { Network } from '@bazaar/contract/wallet'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import type { Db } from '../../db/database.ts'
import { recordAudit } from '../../platform/audit.ts'
import { ok } from '../../platform/replies.ts'
import { requireOperator } from '../admin/operators.ts'
import { listNetworks } from '../wallet/networks.ts'
import { orderSettings, setOrderSetting, toOrderRules } from './settings.ts'

/**
 * Every rule that moves money, published (`GET /api/rules`: order times, network fees,
 * minimums, limits and caps) and changed by operators (`PUT /api/admin/settings/orders`).
 */
export const rulesRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(
    '/rules',
    {
      schema: {
        tags: ['rules'],
        summary: 'Published money and order rules',
        response: { 200: okReply(z.object({ orders: OrderRules, networks: z.array(Network) })) },
      },
    },
    async () => ok({ orders: toOrderRules(await orderSettings(db.kysely)), networks: await listNetworks(db.kysely) }),
  )
  app.put(
    '/admin/settings/orders',
    { schema: { tags: ['admin'], summary: 'Change the order time rules', body: OrderRules, response: { 200: okReply(OrderRules) } } },
    async (request) => {
      const operator = await requireOperator(db, request)
      const body = request.body
      await db.kysely.transaction().execute(async (trx) => {
        const before = toOrderRules(await orderSettings(trx))
        await setOrderSetting(trx, 'unpaid_cancel_ms', body.unpaidCancelMs)
        await setOrderSetting(trx, 'auto_receive_ms', body.autoReceiveMs)
        await setOrderSetting(trx, 'after_sales_ms', body.afterSalesMs)
        await setOrderSetting(trx, 'refund_response_ms', body.refundResponseMs)
        await recordAudit(trx, {
          operatorId: operator.id,
          action: 'settings.orders',
          targetType: 'settings',
          targetId: 'orders',
          detail: { before, after: body },
        })
      })
      return ok(toOrderRules(await orderSettings(db.kysely)))
    },
  )
}
