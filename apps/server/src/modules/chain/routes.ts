import { ChainRules, DepositAddress, DepositAddressBody, DepositList, DepositsQuery } from '@bazaar/contract/chain'
import { okReply } from '@bazaar/contract/envelope'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { userOf } from '../../platform/access.ts'
import { ok } from '../../platform/replies.ts'
import { depositAddressOf } from './address-service.ts'
import { listUserDeposits } from './deposit-service.ts'
import { type ChainConfig, chainRules } from './settings-service.ts'

const tags = ['wallet']

/** Which networks credit deposits by the chain, with their confirmations, minimum and poll (public group). */
export function chainPublicRoutes(config: ChainConfig): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/wallet/chain-networks',
      {
        schema: {
          tags,
          operationId: 'listChainNetworks',
          summary: 'Networks whose deposits the chain credits: confirmations, minimum, poll interval',
          response: { 200: okReply(z.object({ items: z.array(ChainRules) })) },
        },
      },
      async () => ok({ items: await chainRules(app.db, config) }),
    )
  }
}

/** The buyer's own deposit address and the deposits seen on chain (buyer group). */
export function chainRoutes(config: ChainConfig): FastifyPluginAsyncZod {
  return async (app) => {
    const { db } = app
    app.post(
      '/wallet/deposit-address',
      {
        config: { errors: ['select a recharge method', 'Recharge closed on this network'] },
        schema: {
          tags,
          operationId: 'getDepositAddress',
          summary: 'Your own deposit address on a network (given on the first ask, then always the same for its key)',
          body: DepositAddressBody,
          response: { 200: okReply(DepositAddress) },
        },
      },
      async (request) => ok(await depositAddressOf(db, config, userOf(request).id, request.body.networkCode)),
    )
    app.get(
      '/wallet/deposits',
      {
        config: { errors: ['Page size must be 1 to 100'] },
        schema: {
          tags,
          operationId: 'listDeposits',
          summary: 'Your deposits seen on chain, newest first, with their confirmations',
          querystring: DepositsQuery,
          response: { 200: okReply(DepositList) },
        },
      },
      async (request) => ok({ items: await listUserDeposits(db, userOf(request).id, request.query) }),
    )
  }
}
