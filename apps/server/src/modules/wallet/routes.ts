import { okReply } from '@bazaar/contract/envelope'
import {
  Network,
  Recharge,
  RechargeBody,
  RecordPage,
  RecordsQuery,
  WalletSummary,
  Withdrawal,
  WithdrawalBody,
} from '@bazaar/contract/wallet'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { userOf } from '../../platform/access.ts'
import { IdempotencyHeader, idempotencyKeyOf } from '../../platform/idempotency.ts'
import { ok } from '../../platform/replies.ts'
import { listNetworks } from './network-service.ts'
import { createRecharge } from './recharge-service.ts'
import { listRecords } from './records.ts'
import * as wallet from './service.ts'
import { createWithdrawal } from './withdrawal-service.ts'

const tags = ['wallet']

/** The networks with their deposit address, fees, minimums and limits (public group). */
export const walletPublicRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/wallet/networks',
    {
      schema: {
        tags,
        operationId: 'listNetworks',
        summary: 'USDT networks with deposit address, fee, minimum and limits',
        response: { 200: okReply(z.object({ items: z.array(Network) })) },
      },
    },
    async () => ok({ items: await listNetworks(app.db.kysely) }),
  )
}

/** The buyer's wallet: balances, records, recharges and withdrawals (buyer group; addresses: address-routes.ts). */
export const walletRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app
  app.get(
    '/wallet',
    { schema: { tags, operationId: 'getWallet', summary: 'Balances and wallet status', response: { 200: okReply(WalletSummary) } } },
    async (request) => ok(await wallet.walletSummary(db, userOf(request).id)),
  )
  app.get(
    '/wallet/records',
    {
      config: { errors: ['Invalid cursor', 'Page size must be 1 to 100'] },
      schema: {
        tags,
        operationId: 'listWalletRecords',
        summary: 'Wallet records, newest first',
        querystring: RecordsQuery,
        response: { 200: okReply(RecordPage) },
      },
    },
    async (request) => ok(await listRecords(db, userOf(request).id, request.query)),
  )
  app.post(
    '/wallet/recharges',
    {
      config: {
        errors: [
          'select a recharge method',
          'Recharge closed on this network',
          'upload the transfer attachment',
          'Please enter the recharge amount',
          'Transaction hash already used',
          'Invalid transaction hash',
          'Account is locked',
          'Money Status is locked',
          'Idempotency key in use',
          'Idempotency key reused',
        ],
      },
      schema: {
        tags,
        operationId: 'createRecharge',
        summary: 'File a recharge with its transfer proof (Idempotency-Key)',
        headers: IdempotencyHeader,
        body: RechargeBody,
        response: { 200: okReply(Recharge) },
      },
    },
    async (request) => ok(await createRecharge(db, userOf(request).id, request.body, idempotencyKeyOf(request.headers))),
  )
  app.post(
    '/wallet/withdrawals',
    {
      config: {
        rateLimit: { max: 30, timeWindow: '10 minutes' },
        errors: [
          'select withdrawal network',
          'withdrawal function closed',
          'enter withdrawal address',
          'withdrawal amount incorrect',
          'exceeds withdrawal limit',
          'set the payment password',
          'payment password error',
          'Payment password locked',
          'Insufficient balance',
          'maximum monthly withdrawals reached',
          'Account is locked',
          'Money Status is locked',
          'Idempotency key in use',
          'Idempotency key reused',
        ],
      },
      schema: {
        tags,
        operationId: 'createWithdrawal',
        summary: 'Request a withdrawal (payment password, Idempotency-Key)',
        headers: IdempotencyHeader,
        body: WithdrawalBody,
        response: { 200: okReply(Withdrawal) },
      },
    },
    async (request) => ok(await createWithdrawal(db, userOf(request).id, request.body, idempotencyKeyOf(request.headers))),
  )
}
