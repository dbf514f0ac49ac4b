import { NetworkCodeParam } from '@bazaar/contract/admin'
import { IdParam } from '@bazaar/contract/catalog'
import {
  ChainSettings,
  ChainSettingsBody,
  FlaggedPayoutList,
  OperatorDeposit,
  OperatorDepositList,
  OperatorDepositQuery,
  Reconciliation,
} from '@bazaar/contract/chain'
import { ReasonBody } from '@bazaar/contract/decision'
import { okReply } from '@bazaar/contract/envelope'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { operatorOf } from '../../platform/access.ts'
import { ok } from '../../platform/replies.ts'
import { flaggedPayouts } from '../wallet/payout-check-service.ts'
import { creditByHand } from './credit-service.ts'
import { listOperatorDeposits } from './deposit-service.ts'
import { reconciliation } from './reconciliation-service.ts'
import { type ChainConfig, listChainSettings, updateChainSettings } from './settings-service.ts'

const tags = ['admin']

/**
 * The console's chain pages (operator group under /api/admin): each EVM network's watch-only
 * key, token, confirmations, minimum, first block, payout and cold addresses (Networks page,
 * audit-logged); the reconciliation page; crediting a below-minimum deposit by hand.
 */
export function chainAdminRoutes(config: ChainConfig): FastifyPluginAsyncZod {
  return async (app) => {
    const { db } = app
    app.get(
      '/networks/chain',
      {
        schema: {
          tags,
          operationId: 'listChainSettings',
          summary: 'Chain settings of the EVM networks, with their watchers',
          response: { 200: okReply(z.object({ items: z.array(ChainSettings) })) },
        },
      },
      async () => ok({ items: await listChainSettings(db, config) }),
    )
    app.put(
      '/networks/:code/chain',
      {
        config: { errors: ['Route not found', 'Invalid extended public key', 'Invalid address', 'Invalid parameters'] },
        schema: {
          tags,
          operationId: 'updateChainSettings',
          summary: "Change an EVM network's chain settings (watch-only key, token, confirmations, minimum, addresses)",
          params: NetworkCodeParam,
          body: ChainSettingsBody,
          response: { 200: okReply(ChainSettings) },
        },
      },
      async (request) => ok(await updateChainSettings(db, operatorOf(request).id, request.params.code, request.body, config)),
    )
    app.get(
      '/chain/reconciliation',
      {
        schema: {
          tags,
          operationId: 'getReconciliation',
          summary: 'Flows per network; what the platform owes against what it holds on chain',
          response: { 200: okReply(Reconciliation) },
        },
      },
      async () => ok(await reconciliation(db, config)),
    )
    app.get(
      '/chain/deposits',
      {
        config: { errors: ['Page size must be 1 to 100'] },
        schema: {
          tags,
          operationId: 'listChainDeposits',
          summary: 'Deposits below minimum, reorged after credit, matched to a recharge, or pending',
          querystring: OperatorDepositQuery,
          response: { 200: okReply(OperatorDepositList) },
        },
      },
      async (request) => ok({ items: await listOperatorDeposits(db, request.query) }),
    )
    app.get(
      '/chain/payouts',
      {
        schema: {
          tags,
          operationId: 'listFlaggedPayouts',
          summary: 'Approved payouts the chain did not confirm, newest first (at most 100)',
          response: { 200: okReply(FlaggedPayoutList) },
        },
      },
      async () => ok({ items: await flaggedPayouts(db.kysely, 100) }),
    )
    app.post(
      '/chain/deposits/:id/credit',
      {
        config: { errors: ['Deposit not found', 'Deposit cannot be credited by hand', 'Transaction hash already used'] },
        schema: {
          tags,
          operationId: 'creditDepositByHand',
          summary: 'Credit a below-minimum deposit by hand, with a reason (audit-logged)',
          params: IdParam,
          // The reason is kept with the deposit and in the audit log.
          body: ReasonBody,
          response: { 200: okReply(OperatorDeposit) },
        },
      },
      async (request) => ok(await creditByHand(db, operatorOf(request).id, request.params.id, request.body.reason)),
    )
  }
}
