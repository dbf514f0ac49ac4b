import { CaseEvidence, EvidenceBody } from '@bazaar/contract/aftersales'
import { IdParam } from '@bazaar/contract/catalog'
import { okReply } from '@bazaar/contract/envelope'
import { ConfirmReturnBody, Order, RefuseBody, RejectReturnBody } from '@bazaar/contract/orders'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { shopOf } from '../../platform/access.ts'
import { ok } from '../../platform/replies.ts'
import { addEvidence, caseEvidence, escalate } from './dispute-service.ts'
import { answerRefund } from './refund-service.ts'
import { confirmReturn, rejectReturn } from './return-service.ts'
import { escalateErrors, evidenceErrors, lockErrors, moveErrors } from './route-errors.ts'

/**
 * The merchant's side of after-sales cases (SPEC §4 merchant actions; issue 23; merchant
 * group under /api/shop), registered by `merchantOrderRoutes`, whose hook refuses a locked
 * shop: answer a case (agree, agree with return, refuse with a reason), confirm a return's
 * receipt or report it damaged or missing, escalate, add and read evidence. Each answers the
 * order as the merchant sees it.
 */
export const merchantRefundRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app
  const tags = ['merchant orders']
  const reply = { 200: okReply(Order) }
  const shop = (request: Parameters<typeof shopOf>[0]) => ({ side: 'merchant' as const, shopId: shopOf(request) })
  app.post(
    '/refunds/:id/agree',
    {
      config: { errors: [...moveErrors, ...lockErrors] },
      schema: { tags, operationId: 'agreeRefund', summary: 'Agree a case: refunded at once', params: IdParam, response: reply },
    },
    async (request) => ok(await answerRefund(db, shopOf(request), request.params.id, { action: 'agree' })),
  )
  app.post(
    '/refunds/:id/agree-return',
    {
      config: { errors: [...moveErrors, ...lockErrors, 'This refund takes no return'] },
      schema: {
        tags,
        operationId: 'agreeRefundWithReturn',
        summary: "Agree a 'return and refund' case once the goods are back: the buyer ships them",
        params: IdParam,
        response: reply,
      },
    },
    async (request) => ok(await answerRefund(db, shopOf(request), request.params.id, { action: 'agreeWithReturn' })),
  )
  app.post(
    '/refunds/:id/refuse',
    {
      config: { errors: [...moveErrors, ...lockErrors, 'Deadline passed'] },
      schema: {
        tags,
        operationId: 'refuseRefund',
        summary: 'Refuse a case with a reason (either side may then escalate)',
        params: IdParam,
        body: RefuseBody,
        response: reply,
      },
    },
    async (request) => ok(await answerRefund(db, shopOf(request), request.params.id, { action: 'refuse', reason: request.body.reason })),
  )
  app.post(
    '/refunds/:id/confirm-return',
    {
      config: { errors: [...moveErrors, ...lockErrors] },
      schema: {
        tags,
        operationId: 'confirmReturn',
        summary: "Confirm the return's receipt (refunded at once), saying whether the units go back into stock",
        params: IdParam,
        body: ConfirmReturnBody,
        response: reply,
      },
    },
    async (request) => ok(await confirmReturn(db, shopOf(request), request.params.id, request.body.restock)),
  )
  app.post(
    '/refunds/:id/reject-return',
    {
      config: { errors: [...moveErrors, ...lockErrors, 'Deadline passed'] },
      schema: {
        tags,
        operationId: 'rejectReturn',
        summary: 'Report the return damaged or missing (either side may then escalate)',
        params: IdParam,
        body: RejectReturnBody,
        response: reply,
      },
    },
    async (request) => ok(await rejectReturn(db, shopOf(request), request.params.id, request.body)),
  )
  app.post(
    '/refunds/:id/escalate',
    {
      config: { errors: [...escalateErrors, ...lockErrors] },
      schema: {
        tags,
        operationId: 'escalateShopRefund',
        summary: 'Ask the platform to decide a refused case or a rejected return, once, within the escalation window, with evidence',
        params: IdParam,
        body: EvidenceBody,
        response: reply,
      },
    },
    async (request) => ok(await escalate(db, shop(request), request.params.id, request.body)),
  )
  app.post(
    '/refunds/:id/evidence',
    {
      config: { errors: [...evidenceErrors, ...lockErrors] },
      schema: {
        tags,
        operationId: 'addShopRefundEvidence',
        summary: "Add evidence to a case's open dispute: a statement, photos, picked chat messages",
        params: IdParam,
        body: EvidenceBody,
        response: { 200: okReply(CaseEvidence) },
      },
    },
    async (request) => ok(await addEvidence(db, shop(request), request.params.id, request.body)),
  )
  app.get(
    '/refunds/:id/evidence',
    {
      config: { errors: ['Order not found', ...lockErrors] },
      schema: {
        tags,
        operationId: 'getShopRefundEvidence',
        summary: "The merchant's evidence of a case, and the chat messages since the payment it may pick",
        params: IdParam,
        response: { 200: okReply(CaseEvidence) },
      },
    },
    async (request) => ok(await caseEvidence(db, shop(request), request.params.id)),
  )
}
