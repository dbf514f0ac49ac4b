import { IdParam } from '@bazaar/contract/catalog'
import { ReasonBody } from '@bazaar/contract/decision'
import { okReply } from '@bazaar/contract/envelope'
import type { ErrorKey } from '@bazaar/contract/errors'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import type { z } from 'zod'
import type { Db } from '../db/database.ts'
import { operatorOf } from './access.ts'
import { ok } from './replies.ts'

/** The instance a route plugin of the zod type provider receives. */
type RouteApp = Parameters<FastifyPluginAsyncZod>[0]

/**
 * One operator queue whose items are decided by id: approve, or reject with a reason the
 * person affected reads (recharges, withdrawals, shop applications, bond requests).
 * `decide` is the owning module's service call: it moves the item conditionally (of
 * concurrent decisions exactly one applies; the others answer 'Request already handled'),
 * moves the money, and writes the audit entry with the operator's id in the same
 * transaction; it answers the decided item.
 */
export interface DecisionQueue<Item extends z.ZodType, Approval extends z.ZodType> {
  /** The items' path under the group's prefix: '/recharges' → POST /recharges/:id/approve and /reject. */
  path: string
  /** The item's name in the operationIds: 'Recharge' → approveRecharge and rejectRecharge. */
  name: string
  /** What both routes answer: the item as decided. */
  reply: Item
  /** The key for an id that names no item, where the queue has one ('Bond request not found'). */
  notFound?: ErrorKey
  approve: {
    summary: string
    /** The approval's body, where this queue's approval takes one (a withdrawal's payout tx hash; a reason). */
    body?: Approval
    /** Keys the approval answers besides `notFound` and 'Request already handled'. */
    errors?: readonly ErrorKey[]
    decide: (db: Db, operatorId: number, id: number, body: z.output<Approval>) => Promise<z.input<Item>>
  }
  reject: {
    summary: string
    /** Rejects with the reason (`ReasonBody`, trimmed). */
    decide: (db: Db, operatorId: number, id: number, reason: string) => Promise<z.input<Item>>
  }
}

/**
 * Declares a queue's decision routes on an operator route plugin (SPEC §5 console):
 * `POST {path}/:id/approve` (operationId `approve{name}`, the queue's body if any) and
 * `POST {path}/:id/reject` {reason} (operationId `reject{name}`, the contract's `ReasonBody`),
 * both answering the decided item in the envelope.
 * @throws (answered) the queue's `notFound` | 'Request already handled' | the approval's `errors` |
 *   'Invalid parameters' (id, body)
 */
export function decisionRoutes<Item extends z.ZodType, Approval extends z.ZodType = z.ZodUndefined>(
  app: RouteApp,
  queue: DecisionQueue<Item, Approval>,
): void {
  const { db } = app
  const handled: ErrorKey[] = [...(queue.notFound ? [queue.notFound] : []), 'Request already handled']
  const tags = ['admin']
  // The reply is checked against this schema when it is sent; typed loosely here, as the
  // item's type is generic (each `decide` is typed against `queue.reply` above).
  const response = { 200: okReply(queue.reply) as z.ZodType }
  app.post(
    `${queue.path}/:id/approve`,
    {
      config: { errors: [...handled, ...(queue.approve.errors ?? [])] },
      schema: {
        tags,
        operationId: `approve${queue.name}`,
        summary: queue.approve.summary,
        params: IdParam,
        ...(queue.approve.body ? { body: queue.approve.body } : {}),
        response,
      },
    },
    async (request) => ok(await queue.approve.decide(db, operatorOf(request).id, request.params.id, request.body as z.output<Approval>)),
  )
  app.post(
    `${queue.path}/:id/reject`,
    {
      config: { errors: handled },
      schema: {
        tags,
        operationId: `reject${queue.name}`,
        summary: queue.reject.summary,
        params: IdParam,
        body: ReasonBody,
        response,
      },
    },
    async (request) => ok(await queue.reject.decide(db, operatorOf(request).id, request.params.id, request.body.reason)),
  )
}
