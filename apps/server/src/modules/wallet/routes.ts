import { IdParam } from '@bazaar/contract/catalog'
import { okReply } from '@bazaar/contract/envelope'
import {
  Network,
  Recharge,
  RechargeBody,
  RecordPage,
  RecordsQuery,
  WalletSummary,
  Withdrawal,
  WithdrawalAddress,
  WithdrawalAddressBody,
  WithdrawalBody,
} from '@bazaar/contract/wallet'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import type { Db } from '../../db/database.ts'
import { idempotencyKeyOf } from '../../platform/idempotency.ts'
import { ok } from '../../platform/replies.ts'
import { requireUser } from '../../platform/session.ts'
import { listNetworks } from './networks.ts'
import { listRecords } from './records.ts'
import * as wallet from './service.ts'

const idempotencyHeader = z.object({ 'idempotency-key': z.string().max(100).optional() }).passthrough()

/** The buyer's wallet: balances, records, networks, addresses, recharges and withdrawals. */
export const walletRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  const tags = ['wallet']
  app.get(
    '/wallet',
    { schema: { tags, summary: 'Balances and wallet status', response: { 200: okReply(WalletSummary) } } },
    async (request) => ok(await wallet.walletSummary(db, (await requireUser(db, request)).id)),
  )
  app.get(
    '/wallet/records',
    { schema: { tags, summary: 'Wallet records, newest first', querystring: RecordsQuery, response: { 200: okReply(RecordPage) } } },
    async (request) => ok(await listRecords(db, (await requireUser(db, request)).id, request.query)),
  )
  app.get(
    '/wallet/networks',
    {
      schema: {
        tags,
        summary: 'USDT networks with deposit address, fee, minimum and limits',
        response: { 200: okReply(z.object({ items: z.array(Network) })) },
      },
    },
    async () => ok({ items: await listNetworks(db.kysely) }),
  )
  app.post(
    '/wallet/recharges',
    {
      schema: {
        tags,
        summary: 'File a recharge with its transfer proof (Idempotency-Key)',
        headers: idempotencyHeader,
        body: RechargeBody,
        response: { 200: okReply(Recharge) },
      },
    },
    async (request) =>
      ok(await wallet.createRecharge(db, (await requireUser(db, request)).id, request.body, idempotencyKeyOf(request.headers))),
  )
  app.get(
    '/wallet/addresses',
    {
      schema: { tags, summary: 'Saved withdrawal addresses', response: { 200: okReply(z.object({ items: z.array(WithdrawalAddress) })) } },
    },
    async (request) => ok({ items: await wallet.listAddresses(db, (await requireUser(db, request)).id) }),
  )
  app.post(
    '/wallet/addresses',
    {
      schema: {
        tags,
        summary: 'Save a withdrawal address (format and checksum checked)',
        body: WithdrawalAddressBody,
        response: { 200: okReply(WithdrawalAddress) },
      },
    },
    async (request) => ok(await wallet.saveAddress(db, (await requireUser(db, request)).id, request.body)),
  )
  app.delete(
    '/wallet/addresses/:id',
    { schema: { tags, summary: 'Delete a saved address', params: IdParam, response: { 200: okReply(z.null()) } } },
    async (request) => {
      await wallet.deleteAddress(db, (await requireUser(db, request)).id, request.params.id)
      return ok(null)
    },
  )
  app.post(
    '/wallet/withdrawals',
    {
      config: { rateLimit: { max: 30, timeWindow: '10 minutes' } },
      schema: {
        tags,
        summary: 'Request a withdrawal (payment password, Idempotency-Key)',
        headers: idempotencyHeader,
        body: WithdrawalBody,
        response: { 200: okReply(Withdrawal) },
      },
    },
    async (request) =>
      ok(await wallet.createWithdrawal(db, (await requireUser(db, request)).id, request.body, idempotencyKeyOf(request.headers))),
  )
}
