import {
  AdminUserPage,
  AuditPage,
  FreezeBody,
  LockBody,
  NetworkUpdateBody,
  Operator,
  OperatorLoginBody,
  OperatorSession,
  PageQuery,
  QueuePage,
  QueueQuery,
  RejectBody,
  TransferPage,
  TrialBalance,
  UserQuery,
} from '@bazaar/contract/admin'
import { IdParam } from '@bazaar/contract/catalog'
import { okReply } from '@bazaar/contract/envelope'
import { Network, Recharge, Withdrawal } from '@bazaar/contract/wallet'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import type { Db } from '../../db/database.ts'
import { ok } from '../../platform/replies.ts'
import { trialBalance } from '../wallet/ledger.ts'
import { listNetworks } from '../wallet/networks.ts'
import * as review from '../wallet/review.ts'
import { loginOperator, logoutOperator, requireOperator } from './operators.ts'
import * as admin from './service.ts'

/** The operators' console API under /api/admin; every route but login needs `admin-token`. */
export const adminRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  const tags = ['admin']
  const op = (request: Parameters<typeof requireOperator>[1]) => requireOperator(db, request)
  const Done = okReply(z.null())

  app.post(
    '/auth/login',
    {
      config: { rateLimit: { max: 20, timeWindow: '15 minutes' } },
      schema: { tags, summary: 'Operator login', body: OperatorLoginBody, response: { 200: okReply(OperatorSession) } },
    },
    async (request) => ok(await loginOperator(db, request.body.email, request.body.password)),
  )
  app.post('/auth/logout', { schema: { tags, summary: 'Operator logout', response: { 200: Done } } }, async (request) => {
    await logoutOperator(db, await op(request))
    return ok(null)
  })
  app.get(
    '/me',
    { schema: { tags, summary: 'The logged-in operator', response: { 200: okReply(Operator.pick({ id: true, email: true })) } } },
    async (request) => {
      const o = await op(request)
      return ok({ id: o.id, email: o.email })
    },
  )

  app.get(
    '/recharges',
    { schema: { tags, summary: 'Recharge queue', querystring: QueueQuery, response: { 200: okReply(QueuePage) } } },
    async (request) => {
      await op(request)
      return ok(await admin.rechargeQueue(db, request.query))
    },
  )
  app.post(
    '/recharges/:id/approve',
    { schema: { tags, summary: 'Approve a recharge (credits the wallet)', params: IdParam, response: { 200: okReply(Recharge) } } },
    async (request) => ok(await review.approveRecharge(db, (await op(request)).id, request.params.id)),
  )
  app.post(
    '/recharges/:id/reject',
    {
      schema: { tags, summary: 'Reject a recharge with a reason', params: IdParam, body: RejectBody, response: { 200: okReply(Recharge) } },
    },
    async (request) => ok(await review.rejectRecharge(db, (await op(request)).id, request.params.id, request.body.reason)),
  )
  app.get(
    '/withdrawals',
    { schema: { tags, summary: 'Withdrawal queue', querystring: QueueQuery, response: { 200: okReply(QueuePage) } } },
    async (request) => {
      await op(request)
      return ok(await admin.withdrawalQueue(db, request.query))
    },
  )
  app.post(
    '/withdrawals/:id/approve',
    {
      schema: { tags, summary: 'Approve a withdrawal (pays out, takes the fee)', params: IdParam, response: { 200: okReply(Withdrawal) } },
    },
    async (request) => ok(await review.approveWithdrawal(db, (await op(request)).id, request.params.id)),
  )
  app.post(
    '/withdrawals/:id/reject',
    {
      schema: {
        tags,
        summary: 'Reject a withdrawal (returns the held amount)',
        params: IdParam,
        body: RejectBody,
        response: { 200: okReply(Withdrawal) },
      },
    },
    async (request) => ok(await review.rejectWithdrawal(db, (await op(request)).id, request.params.id, request.body.reason)),
  )

  app.get(
    '/users',
    { schema: { tags, summary: 'Users with wallet balances', querystring: UserQuery, response: { 200: okReply(AdminUserPage) } } },
    async (request) => {
      await op(request)
      return ok(await admin.listUsers(db, request.query))
    },
  )
  app.post(
    '/users/:id/lock',
    { schema: { tags, summary: 'Lock or unlock an account', params: IdParam, body: LockBody, response: { 200: Done } } },
    async (request) => {
      await admin.setUserLocked(db, (await op(request)).id, request.params.id, request.body.locked)
      return ok(null)
    },
  )
  app.post(
    '/users/:id/freeze',
    { schema: { tags, summary: 'Freeze or thaw a wallet', params: IdParam, body: FreezeBody, response: { 200: Done } } },
    async (request) => {
      await admin.setWalletFrozen(db, (await op(request)).id, request.params.id, request.body.frozen)
      return ok(null)
    },
  )

  app.get(
    '/networks',
    { schema: { tags, summary: 'Network settings', response: { 200: okReply(z.object({ items: z.array(Network) })) } } },
    async (request) => {
      await op(request)
      return ok({ items: await listNetworks(db.kysely) })
    },
  )
  app.put(
    '/networks/:code',
    {
      schema: {
        tags,
        summary: 'Change a network',
        params: z.object({ code: z.string().max(20) }),
        body: NetworkUpdateBody,
        response: { 200: okReply(Network) },
      },
    },
    async (request) => ok(await admin.updateNetwork(db, (await op(request)).id, request.params.code, request.body)),
  )

  app.get(
    '/ledger/trial-balance',
    { schema: { tags, summary: 'Trial balance: sums by account kind; the total is zero', response: { 200: okReply(TrialBalance) } } },
    async (request) => {
      await op(request)
      return ok(await trialBalance(db.kysely))
    },
  )
  app.get(
    '/ledger/transfers',
    { schema: { tags, summary: 'Ledger transfers, newest first', querystring: PageQuery, response: { 200: okReply(TransferPage) } } },
    async (request) => {
      await op(request)
      return ok(await admin.listTransfers(db, request.query))
    },
  )
  app.get(
    '/audit',
    { schema: { tags, summary: 'Audit log of operator actions', querystring: PageQuery, response: { 200: okReply(AuditPage) } } },
    async (request) => {
      await op(request)
      return ok(await admin.listAudit(db, request.query))
    },
  )
}
