import { IdParam } from '@bazaar/contract/catalog'
import { AdminDispute, AdminDisputePage, DisputeDetail, DisputeQuery, DisputeRefundBody } from '@bazaar/contract/disputes'
import { okReply } from '@bazaar/contract/envelope'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { decisionRoutes } from '../../platform/decision-routes.ts'
import { ok } from '../../platform/replies.ts'
import { approveDispute, disputeDetail, disputePage, rejectDispute } from './dispute-decision-service.ts'

/**
 * The operators' dispute queue (issue 23; operator group under /api/admin): the disputes of
 * a state oldest first, one with the evidence side by side, and the decision through the
 * console's one declaration (`decisionRoutes`): approve = a full or partial refund by units
 * with a reason, reject = with a reason; both sides read it.
 */
export const disputeAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app
  const tags = ['admin']
  app.get(
    '/disputes',
    {
      config: { errors: ['Invalid cursor', 'Page size must be 1 to 100'] },
      schema: {
        tags,
        operationId: 'listDisputes',
        summary: 'Disputes of a state, oldest first, with the overdue ones marked',
        querystring: DisputeQuery,
        response: { 200: okReply(AdminDisputePage) },
      },
    },
    async (request) => ok(await disputePage(db, request.query)),
  )
  app.get(
    '/disputes/:id',
    {
      config: { errors: ['Dispute not found'] },
      schema: {
        tags,
        operationId: 'getDispute',
        summary: "A dispute with its order, its case and each side's evidence",
        params: IdParam,
        response: { 200: okReply(DisputeDetail) },
      },
    },
    async (request) => ok(await disputeDetail(db, request.params.id)),
  )
  decisionRoutes(app, {
    path: '/disputes',
    name: 'Dispute',
    reply: AdminDispute,
    notFound: 'Dispute not found',
    approve: {
      summary: "Decide a dispute with a refund of the case's units (all: full; fewer: partial), with the reason both sides read",
      body: DisputeRefundBody,
      errors: ['Refund quantity exceeds the units left'],
      decide: approveDispute,
    },
    reject: { summary: 'Reject a dispute with the reason both sides read (the case closes, nothing moves)', decide: rejectDispute },
  })
}
