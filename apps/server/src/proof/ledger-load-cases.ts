import { randomBytes } from 'node:crypto'
import type { HTTPMethods } from 'fastify'
import { freshIp, type RequestOptions } from '../test/app-harness.ts'
import type { LoadModel, Requester } from './load-model.ts'
import type { LoadWorld } from './world.ts'

/**
 * The ledger load's after-sales operations (issue 23): 'return and refund' cases opened on
 * shipped orders, then moved one step at a time by whoever must act: the merchant agrees with
 * return or refuses, the buyer ships the return, the merchant confirms it (restocking or not)
 * or reports it damaged or missing, either side escalates, an operator decides a refund or
 * rejects. The money moves only through the server's replies; the ledger checks afterwards
 * find every cent (trial balance 0, escrow as the orders say, no line refunded beyond what
 * was paid for it).
 */
export const caseWeights = { openReturn: 5, caseStep: 10 } as const
export type CaseOp = keyof typeof caseWeights

/** What the case operations borrow from the load: its counted call, its seeded random, model and world. */
export interface CaseContext {
  request: Requester
  call: (
    op: CaseOp,
    method: HTTPMethods,
    url: string,
    body: object | undefined,
    options: RequestOptions,
  ) => Promise<Record<string, unknown> | undefined>
  random: () => number
  pick: <T>(items: T[]) => T | undefined
  model: LoadModel
  world: LoadWorld
}

/** A case the load knows of: its order, buyer (index) and shop (merchant index), and its state as last answered. */
type KnownCase = { orderId: number; buyer: number; shop: number; status: string; disputeId: number | null }
type RefundReply = { id: number; lineId: number; kind: string; status: string; dispute: { id: number } | null }

const ended = new Set(['succeeded', 'closed'])

/** The case operations, each drawn with its weight in `caseWeights`. */
export function caseOperations(ctx: CaseContext): Record<CaseOp, (n: number) => Promise<void>> {
  const { request, call, random, pick, model, world } = ctx
  const cases = new Map<number, KnownCase>()

  /** Records what an Order reply says of the case (and of its order); forgets an ended case. */
  const learn = (refundId: number, order: Record<string, unknown>) => {
    const known = cases.get(refundId)
    const refund = (order.refunds as RefundReply[]).find((r) => r.id === refundId)
    const modelled = model.orders.get(order.id as number)
    if (modelled) modelled.status = order.status as string
    if (!known || !refund) return
    known.status = refund.status
    known.disputeId = refund.dispute?.id ?? null
    if (ended.has(refund.status)) cases.delete(refundId)
  }
  /** After a refusal (a sweep or another client moved the case), the case as its buyer sees it now. */
  const refresh = async (refundId: number) => {
    const known = cases.get(refundId)
    if (!known) return
    const answer = await request('GET', `/api/orders/${known.orderId}`, undefined, {
      token: world.buyers[known.buyer]!.token,
      ip: freshIp(),
    }).catch(() => undefined)
    if (answer?.body.code === 1) learn(refundId, answer.body.data as Record<string, unknown>)
  }

  return {
    async openReturn(n) {
      const shipped = [...model.orders.entries()].filter(([, o]) => o.buyer === n && o.status === 'to_receive').map(([id]) => id)
      const id = pick(shipped)
      if (id === undefined) return
      const order = model.orders.get(id)!
      const body = { lineId: pick(order.lineIds)!, quantity: 1, reason: 'Not what was pictured', kind: 'return_and_refund' }
      const data = await call('openReturn', 'POST', `/api/orders/${id}/refunds`, body, { token: world.buyers[n]!.token })
      if (!data) return
      const opened = (data.refunds as RefundReply[]).filter((r) => r.lineId === body.lineId && r.status === 'applied').at(-1)
      if (!opened) return
      cases.set(opened.id, { orderId: id, buyer: n, shop: order.shop, status: 'applied', disputeId: null })
      learn(opened.id, data)
    },
    async caseStep() {
      const refundId = pick([...cases.keys()])
      if (refundId === undefined) return
      const known = cases.get(refundId)!
      const buyer = { token: world.buyers[known.buyer]!.token }
      const merchant = { token: world.merchants[known.shop]!.token }
      const step = (url: string, body: object, who: RequestOptions) => call('caseStep', 'POST', url, body, who)
      let data: Record<string, unknown> | undefined
      switch (known.status) {
        case 'applied':
          data =
            random() < 0.7
              ? await step(`/api/shop/refunds/${refundId}/agree-return`, {}, merchant)
              : await step(`/api/shop/refunds/${refundId}/refuse`, { reason: 'Used, not faulty' }, merchant)
          break
        case 'awaiting_return':
          data = await step(`/api/refunds/${refundId}/return`, { carrier: 'DHL', trackingNo: `RT${randomBytes(5).toString('hex')}` }, buyer)
          break
        case 'returning':
          data =
            random() < 0.6
              ? await step(`/api/shop/refunds/${refundId}/confirm-return`, { restock: random() < 0.5 }, merchant)
              : await step(
                  `/api/shop/refunds/${refundId}/reject-return`,
                  { problem: random() < 0.5 ? 'damaged' : 'missing', note: 'Not as it left' },
                  merchant,
                )
          break
        case 'refused':
        case 'return_rejected': {
          const evidence = { text: 'Please decide', photoIds: [], messageIds: [] }
          data =
            random() < 0.5
              ? await step(`/api/refunds/${refundId}/escalate`, evidence, buyer)
              : await step(`/api/shop/refunds/${refundId}/escalate`, evidence, merchant)
          break
        }
        case 'disputed': {
          if (known.disputeId === null) break
          const approve = random() < 0.6
          const url = `/api/admin/disputes/${known.disputeId}/${approve ? 'approve' : 'reject'}`
          const body = approve ? { quantity: 1, reason: 'Faulty as shown' } : { reason: 'Works as described' }
          if (await step(url, body, { headers: world.admin })) await refresh(refundId)
          return
        }
      }
      if (data) learn(refundId, data)
      else await refresh(refundId)
    },
  }
}
