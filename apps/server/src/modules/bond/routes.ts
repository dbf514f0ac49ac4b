import {
  AdminBondRequestPage,
  BondLevel,
  BondLevelsBody,
  BondOverview,
  BondRequest,
  BondRequestBody,
  BondRequestQuery,
  BondRules,
  UpgradeBody,
} from '@bazaar/contract/bond'
import { okReply } from '@bazaar/contract/envelope'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { operatorOf, shopOf, userOf } from '../../platform/access.ts'
import { decisionRoutes } from '../../platform/decision-routes.ts'
import { IdempotencyHeader, idempotencyKeyOf } from '../../platform/idempotency.ts'
import { ok } from '../../platform/replies.ts'
import { assertShopActive } from '../catalog/shop-service.ts'
import {
  approveBondRequest,
  bondOverview,
  bondRequestQueue,
  rejectBondRequest,
  requestLowerLevel,
  upgradeLevel,
} from './agreement-service.ts'
import { changeLevelTable } from './levels-service.ts'
import { bondRules, levelTable } from './service.ts'

const tags = ['bond']

/** The published bond rules (public group): what the bond page shows before anyone signs. */
export const bondPublicRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/bond/rules',
    {
      schema: {
        tags,
        operationId: 'getBondRules',
        summary: 'Bond levels (amount, ratio, traffic, listings), the credit rule and price cap, how a refund proceeds and how long',
        response: { 200: okReply(BondRules) },
      },
    },
    async () => ok(await bondRules(app.db.kysely)),
  )
}

/** The merchant's bond (merchant group under /api/shop; SPEC §2 shop_bond, shop_bond_sign). */
export const merchantBondRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app
  app.addHook('preHandler', async (request) => assertShopActive(db.kysely, shopOf(request)))
  const lockErrors = ['Shop is locked', 'Shop not found'] as const
  app.get(
    '/bond',
    {
      config: { errors: lockErrors },
      schema: {
        tags,
        operationId: 'getShopBond',
        summary: 'Level, bond, the level table, unprocessed orders and the agreements with their timelines',
        response: { 200: okReply(BondOverview) },
      },
    },
    async (request) => ok(await bondOverview(db, shopOf(request))),
  )
  app.post(
    '/bond/upgrade',
    {
      config: {
        errors: [
          ...lockErrors,
          'contact customer service to lower store level',
          'Sign the contract first',
          'Level not found',
          'Processing',
          'Request already handled',
          'Insufficient balance',
          'Account is locked',
          'Money Status is locked',
          'Idempotency key in use',
          'Idempotency key reused',
        ],
      },
      schema: {
        tags,
        operationId: 'upgradeShopLevel',
        summary: 'Sign the contract and pay target bond − current bond from the wallet (Idempotency-Key)',
        headers: IdempotencyHeader,
        body: UpgradeBody,
        response: { 200: okReply(BondRequest) },
      },
    },
    async (request) =>
      ok(await upgradeLevel(db, { shopId: shopOf(request), userId: userOf(request).id }, request.body, idempotencyKeyOf(request.headers))),
  )
  app.post(
    '/bond/requests',
    {
      config: { errors: [...lockErrors, 'Orders remain unprocessed', 'Processing', 'Level not found'] },
      schema: {
        tags,
        operationId: 'requestLowerLevel',
        summary: 'Ask to lower the level or refund the bond (an operator reviews it)',
        body: BondRequestBody,
        response: { 200: okReply(BondRequest) },
      },
    },
    async (request) => ok(await requestLowerLevel(db, { shopId: shopOf(request), userId: userOf(request).id }, request.body)),
  )
}

/** The console's bond routes (operator group under /api/admin). */
export const bondAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app
  const Levels = okReply(z.object({ items: z.array(BondLevel) }))
  app.get(
    '/bond-levels',
    { schema: { tags: ['admin'], operationId: 'listBondLevels', summary: 'The bond level table', response: { 200: Levels } } },
    async () => ok({ items: await levelTable(db.kysely) }),
  )
  app.put(
    '/bond-levels',
    {
      schema: {
        tags: ['admin'],
        operationId: 'replaceBondLevels',
        summary: 'Replace the bond level table (listings at changed levels are priced again)',
        body: BondLevelsBody,
        response: { 200: Levels },
      },
    },
    async (request) => ok({ items: await changeLevelTable(db, operatorOf(request).id, request.body.levels) }),
  )
  app.get(
    '/bond-requests',
    {
      config: { errors: ['Invalid cursor', 'Page size must be 1 to 100'] },
      schema: {
        tags: ['admin'],
        operationId: 'listBondRequests',
        summary: 'Bond agreements in a status, oldest first',
        querystring: BondRequestQuery,
        response: { 200: okReply(AdminBondRequestPage) },
      },
    },
    async (request) => ok(await bondRequestQueue(db, request.query)),
  )
  decisionRoutes(app, {
    path: '/bond-requests',
    name: 'BondRequest',
    reply: BondRequest,
    notFound: 'Bond request not found',
    approve: {
      summary: 'Approve: lower the level, return the bond difference to the wallet, shelve listings above the count',
      errors: ['Orders remain unprocessed', 'Level not found', 'Shop not found'],
      decide: approveBondRequest,
    },
    reject: { summary: 'Refuse a request with a reason', decide: rejectBondRequest },
  })
}
