import {
  AdminUserPage,
  ApproveWithdrawalBody,
  AuditPage,
  FreezeBody,
  LockBody,
  NetworkCodeParam,
  NetworkUpdateBody,
  Operator,
  OperatorLoginBody,
  OperatorSession,
  PageQuery,
  QueuePage,
  QueueQuery,
  TransferPage,
  TrialBalance,
  UserQuery,
} from '@bazaar/contract/admin'
import { IdParam } from '@bazaar/contract/catalog'
import { okReply } from '@bazaar/contract/envelope'
import { Network, Recharge, Withdrawal } from '@bazaar/contract/wallet'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { operatorOf } from '../../platform/access.ts'
import { decisionRoutes } from '../../platform/decision-routes.ts'
import { ok } from '../../platform/replies.ts'
import { listNetworks, updateNetwork } from '../wallet/network-service.ts'
import * as review from '../wallet/review-service.ts'
import { transferPage, trialBalance } from '../wallet/service.ts'
import * as operatorConsole from './console-service.ts'
import { loginOperator, logoutOperator } from './service.ts'

const tags = ['admin']
const Done = okReply(z.null())
const pageErrors = ['Invalid cursor', 'Page size must be 1 to 100'] as const

/** The console's sign-in (public group under /api/admin). */
export const operatorLoginRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/auth/login',
    {
      config: { rateLimit: { max: 20, timeWindow: '15 minutes' }, errors: ['Incorrect account', 'Too many requests'] },
      schema: {
        tags,
        operationId: 'operatorLogin',
        summary: 'Operator login',
        body: OperatorLoginBody,
        response: { 200: okReply(OperatorSession) },
      },
    },
    async (request) => ok(await loginOperator(app.db, request.body.email, request.body.password)),
  )
}

/** The operators' console API (operator group under /api/admin). */
export const adminRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app
  app.post(
    '/auth/logout',
    { schema: { tags, operationId: 'operatorLogout', summary: 'Operator logout', response: { 200: Done } } },
    async (request) => {
      await logoutOperator(db, operatorOf(request))
      return ok(null)
    },
  )
  app.get(
    '/me',
    {
      schema: {
        tags,
        operationId: 'getOperator',
        summary: 'The logged-in operator',
        response: { 200: okReply(Operator.pick({ id: true, email: true })) },
      },
    },
    async (request) => {
      const { id, email } = operatorOf(request)
      return ok({ id, email })
    },
  )

  app.get(
    '/recharges',
    {
      config: { errors: pageErrors },
      schema: {
        tags,
        operationId: 'listRechargeQueue',
        summary: 'Recharge queue',
        querystring: QueueQuery,
        response: { 200: okReply(QueuePage) },
      },
    },
    async (request) => ok(await operatorConsole.queue(db, 'recharges', request.query)),
  )
  decisionRoutes(app, {
    path: '/recharges',
    name: 'Recharge',
    reply: Recharge,
    approve: {
      summary: 'Approve a recharge (credits the wallet)',
      errors: ['Transaction hash already used'],
      decide: review.approveRecharge,
    },
    reject: { summary: 'Reject a recharge with a reason', decide: review.rejectRecharge },
  })
  app.get(
    '/withdrawals',
    {
      config: { errors: pageErrors },
      schema: {
        tags,
        operationId: 'listWithdrawalQueue',
        summary: 'Withdrawal queue',
        querystring: QueueQuery,
        response: { 200: okReply(QueuePage) },
      },
    },
    async (request) => ok(await operatorConsole.queue(db, 'withdrawals', request.query)),
  )
  decisionRoutes(app, {
    path: '/withdrawals',
    name: 'Withdrawal',
    reply: Withdrawal,
    approve: {
      summary: 'Approve a paid-out withdrawal with its payout tx hash (takes the fee)',
      body: ApproveWithdrawalBody,
      errors: ['Account is locked', 'Money Status is locked', 'select withdrawal network'],
      decide: review.approveWithdrawal,
    },
    reject: { summary: 'Reject a withdrawal (returns the held amount)', decide: review.rejectWithdrawal },
  })

  app.get(
    '/users',
    {
      config: { errors: pageErrors },
      schema: {
        tags,
        operationId: 'listUsers',
        summary: 'Users with wallet balances',
        querystring: UserQuery,
        response: { 200: okReply(AdminUserPage) },
      },
    },
    async (request) => ok(await operatorConsole.listUsers(db, request.query)),
  )
  app.post(
    '/users/:id/lock',
    {
      config: { errors: ['User not found'] },
      schema: {
        tags,
        operationId: 'lockUser',
        summary: 'Lock or unlock an account',
        params: IdParam,
        body: LockBody,
        response: { 200: Done },
      },
    },
    async (request) => {
      await operatorConsole.setUserLocked(db, operatorOf(request).id, request.params.id, request.body.locked)
      return ok(null)
    },
  )
  app.post(
    '/users/:id/freeze',
    {
      config: { errors: ['User not found'] },
      schema: {
        tags,
        operationId: 'freezeWallet',
        summary: 'Freeze or thaw a wallet',
        params: IdParam,
        body: FreezeBody,
        response: { 200: Done },
      },
    },
    async (request) => {
      await operatorConsole.setUserWalletFrozen(db, operatorOf(request).id, request.params.id, request.body.frozen)
      return ok(null)
    },
  )

  app.get(
    '/networks',
    {
      schema: {
        tags,
        operationId: 'listNetworkSettings',
        summary: 'Network settings',
        response: { 200: okReply(z.object({ items: z.array(Network) })) },
      },
    },
    async () => ok({ items: await listNetworks(db.kysely) }),
  )
  app.put(
    '/networks/:code',
    {
      config: { errors: ['Route not found', 'Invalid address'] },
      schema: {
        tags,
        operationId: 'updateNetwork',
        summary: 'Change a network',
        params: NetworkCodeParam,
        body: NetworkUpdateBody,
        response: { 200: okReply(Network) },
      },
    },
    async (request) => ok(await updateNetwork(db, operatorOf(request).id, request.params.code, request.body)),
  )

  app.get(
    '/ledger/trial-balance',
    {
      schema: {
        tags,
        operationId: 'getTrialBalance',
        summary: 'Trial balance: sums by account kind; the total is zero',
        response: { 200: okReply(TrialBalance) },
      },
    },
    async () => ok(await trialBalance(db.kysely)),
  )
  app.get(
    '/ledger/transfers',
    {
      config: { errors: pageErrors },
      schema: {
        tags,
        operationId: 'listTransfers',
        summary: 'Ledger transfers, newest first',
        querystring: PageQuery,
        response: { 200: okReply(TransferPage) },
      },
    },
    async (request) => ok(await transferPage(db.kysely, request.query)),
  )
  app.get(
    '/audit',
    {
      config: { errors: pageErrors },
      schema: {
        tags,
        operationId: 'listAudit',
        summary: 'Audit log of operator actions',
        querystring: PageQuery,
        response: { 200: okReply(AuditPage) },
      },
    },
    async (request) => ok(await operatorConsole.listAudit(db, request.query)),
  )
}
