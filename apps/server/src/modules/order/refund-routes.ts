import { CaseEvidence, EvidenceBody } from '@bazaar/contract/aftersales'
import { IdParam } from '@bazaar/contract/catalog'
import { okReply } from '@bazaar/contract/envelope'
import { Order, RefundBody, ShipBody } from '@bazaar/contract/orders'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { userOf } from '../../platform/access.ts'
import { ok } from '../../platform/replies.ts'
import { addEvidence, caseEvidence, escalate } from './dispute-service.ts'
import { applyRefund } from './refund-service.ts'
import { shipReturn } from './return-service.ts'
import { escalateErrors, evidenceErrors, moveErrors } from './route-errors.ts'

/**
 * The buyer's after-sales routes (SPEC §3 Refund, §4; issue 23; buyer group under /api),
 * registered by `orderRoutes`: open a case, ship a return, escalate to the platform, add
 * and read evidence. The merchant's are merchant-refund-routes.ts.
 */
export const buyerRefundRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app
  const tags = ['orders']
  app.post(
    '/orders/:id/refunds',
    {
      config: {
        errors: [
          ...moveErrors,
          'after-sales time exceeded',
          'Refund quantity exceeds the units left',
          'A refund is already open for this item',
          'A return needs a shipped order',
        ],
      },
      schema: {
        tags,
        operationId: 'applyRefund',
        summary: "Open an after-sales case for units of one line: 'refund only' or 'return and refund'",
        params: IdParam,
        body: RefundBody,
        response: { 200: okReply(Order) },
      },
    },
    async (request) => ok(await applyRefund(db, userOf(request).id, request.params.id, request.body)),
  )
  app.post(
    '/refunds/:id/return',
    {
      config: { errors: [...moveErrors, 'Deadline passed'] },
      schema: {
        tags,
        operationId: 'shipReturn',
        summary: 'Enter the carrier and tracking number of the goods going back (a case agreed with return)',
        params: IdParam,
        body: ShipBody,
        response: { 200: okReply(Order) },
      },
    },
    async (request) => ok(await shipReturn(db, userOf(request).id, request.params.id, request.body)),
  )
  app.post(
    '/refunds/:id/escalate',
    {
      config: { errors: escalateErrors },
      schema: {
        tags,
        operationId: 'escalateRefund',
        summary: 'Ask the platform to decide a refused case or a rejected return, once, within the escalation window, with evidence',
        params: IdParam,
        body: EvidenceBody,
        response: { 200: okReply(Order) },
      },
    },
    async (request) => ok(await escalate(db, { side: 'buyer', userId: userOf(request).id }, request.params.id, request.body)),
  )
  app.post(
    '/refunds/:id/evidence',
    {
      config: { errors: evidenceErrors },
      schema: {
        tags,
        operationId: 'addRefundEvidence',
        summary: "Add evidence to a case's open dispute: a statement, photos, picked chat messages",
        params: IdParam,
        body: EvidenceBody,
        response: { 200: okReply(CaseEvidence) },
      },
    },
    async (request) => ok(await addEvidence(db, { side: 'buyer', userId: userOf(request).id }, request.params.id, request.body)),
  )
  app.get(
    '/refunds/:id/evidence',
    {
      config: { errors: ['Order not found'] },
      schema: {
        tags,
        operationId: 'getRefundEvidence',
        summary: "The buyer's evidence of a case, and the chat messages since the payment it may pick",
        params: IdParam,
        response: { 200: okReply(CaseEvidence) },
      },
    },
    async (request) => ok(await caseEvidence(db, { side: 'buyer', userId: userOf(request).id }, request.params.id)),
  )
}
