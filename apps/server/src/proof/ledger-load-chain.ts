import type { HTTPMethods } from 'fastify'
import type { Db } from '../db/database.ts'
import type { RequestOptions } from '../test/app-harness.ts'
import type { LoadModel } from './load-model.ts'
import type { LoadWorld } from './world.ts'

/**
 * The ledger load's chain credits (issue 21): a deposit to a buyer's own address is recorded
 * as the watcher records one past its confirmations, then credited by two watcher passes at
 * once; now and then the buyer also files a recharge with the deposit's hash and an operator
 * approves it while the watcher credits. Either way the buyer is credited once, and the model
 * counts it as recharged.
 */
export const chainWeights = { chainDeposit: 4 } as const
export type ChainOp = keyof typeof chainWeights

/** What the chain operation borrows from the load: its counted call, seeded random, model, world and database. */
export interface ChainContext {
  call: (
    op: ChainOp,
    method: HTTPMethods,
    url: string,
    body: object | undefined,
    options: RequestOptions,
  ) => Promise<Record<string, unknown> | undefined>
  random: () => number
  model: LoadModel
  world: LoadWorld
  db: Db
  /** Counts a deposit credited (by the watcher or by an approval) as a success of the operation. */
  counted: (op: ChainOp) => void
}

const add = (map: Map<number, number>, key: number, cents: number) => map.set(key, (map.get(key) ?? 0) + cents)

/** The chain operation, drawn with its weight in `chainWeights`. */
export function chainOperations(ctx: ChainContext): Record<ChainOp, (n: number) => Promise<void>> {
  const { call, random, model, world, db, counted } = ctx
  return {
    async chainDeposit(n) {
      const buyer = world.buyers[n]!
      const cents = 1_000 + Math.floor(random() * 49_000)
      const deposit = await world.chain.seen(buyer.userId, cents)
      let approved = false
      if (random() < 0.3) {
        const body = { networkCode: 'ERC20', amountCents: cents, proofUploadId: buyer.proofUploadId, txHash: deposit.txHash }
        const filed = await call('chainDeposit', 'POST', '/api/wallet/recharges', body, { token: buyer.token })
        const approval = filed
          ? call('chainDeposit', 'POST', `/api/admin/recharges/${filed.id as number}/approve`, {}, { headers: world.admin })
          : undefined
        const [answer] = await Promise.all([approval, world.chain.credit(db)])
        approved = answer !== undefined
      } else {
        await Promise.all([world.chain.credit(db), world.chain.credit(db)])
      }
      const status = await world.chain.statusOf(deposit.id)
      if (status === 'credited' && approved) model.doubleWins.push(`chain deposit ${deposit.id} credited and its recharge approved`)
      if (status === 'matched' && !approved) model.doubleWins.push(`chain deposit ${deposit.id} matched to no approval`)
      if (status === 'credited' || approved) {
        add(model.recharged, n, cents)
        counted('chainDeposit')
      }
    },
  }
}
