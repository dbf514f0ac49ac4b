import { IdParam } from '@bazaar/contract/catalog'
import {
  CouponBody,
  CouponCounts,
  CouponItem,
  CouponPage,
  IssuedCoupon,
  IssuedCouponPage,
  IssuedCouponQuery,
  MyCouponQuery,
  OfferQuery,
} from '@bazaar/contract/coupon'
import { okReply } from '@bazaar/contract/envelope'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { operatorOf, shopOf, userOf } from '../../platform/access.ts'
import { ok } from '../../platform/replies.ts'
import { assertShopActive } from '../catalog/shop-service.ts'
import { endCoupon, issueCoupon, issuedCoupons } from './issuer-service.ts'
import { claimCoupon, couponCounts, couponOffers, myCoupons } from './service.ts'

const tags = ['coupons']
const pageErrors = ['Invalid cursor', 'Page size must be 1 to 100'] as const
const issueErrors = ['Coupon value incorrect', 'Coupon period incorrect'] as const
const endErrors = ['Coupon not found', 'Coupon has ended'] as const
/** A merchant route answers these too: its shop may be locked (SPEC §6). */
const lockErrors = ['Shop is locked', 'Shop not found'] as const

/** Coupons open for claiming, for everyone; a signed-in buyer sees their claims (optional group). */
export const couponOfferRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app
  app.get(
    '/coupons/offers',
    {
      config: { errors: pageErrors },
      schema: {
        tags,
        operationId: 'listCouponOffers',
        summary: "Coupons open for claiming: a shop's and the platform's, or all",
        querystring: OfferQuery,
        response: { 200: okReply(CouponPage) },
      },
    },
    async (request) => ok(await couponOffers(db, request.user?.id, request.query)),
  )
}

/** A buyer's coupons: the tabs, the counts, claiming (buyer group). */
export const couponRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app
  app.get(
    '/coupons/mine',
    {
      config: { errors: pageErrors },
      schema: {
        tags,
        operationId: 'listMyCoupons',
        summary: 'One tab of my coupons: unclaimed, all, new, unused, used, expired',
        querystring: MyCouponQuery,
        response: { 200: okReply(CouponPage) },
      },
    },
    async (request) => ok(await myCoupons(db, userOf(request).id, request.query)),
  )
  app.get(
    '/coupons/counts',
    {
      schema: {
        tags,
        operationId: 'getCouponCounts',
        summary: 'Counts for the member page: unused and new coupons',
        response: { 200: okReply(CouponCounts) },
      },
    },
    async (request) => ok(await couponCounts(db, userOf(request).id)),
  )
  app.post(
    '/coupons/:id/claim',
    {
      config: {
        errors: [
          'Coupon not found',
          'Coupon not started',
          'Coupon has ended',
          'Coupons all claimed',
          'Coupon claim limit reached',
          'no my shop',
        ],
      },
      schema: {
        tags,
        operationId: 'claimCoupon',
        summary: 'Claim a coupon (within its stock and my limit)',
        params: IdParam,
        response: { 200: okReply(CouponItem) },
      },
    },
    async (request) => ok(await claimCoupon(db, userOf(request).id, request.params.id)),
  )
}

/** A shop's own coupons, paid by the shop (merchant group, /api/shop). */
export const merchantCouponRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app
  app.addHook('preHandler', async (request) => assertShopActive(db.kysely, shopOf(request)))
  app.get(
    '/coupons',
    {
      config: { errors: [...pageErrors, ...lockErrors] },
      schema: {
        tags,
        operationId: 'listShopCoupons',
        summary: "My shop's coupons, newest first",
        querystring: IssuedCouponQuery,
        response: { 200: okReply(IssuedCouponPage) },
      },
    },
    async (request) => ok(await issuedCoupons(db, { shopId: shopOf(request) }, request.query)),
  )
  app.post(
    '/coupons',
    {
      config: { errors: [...issueErrors, ...lockErrors] },
      schema: {
        tags,
        operationId: 'createShopCoupon',
        summary: 'Issue a coupon of my shop (the shop pays its discounts)',
        body: CouponBody,
        response: { 200: okReply(IssuedCoupon) },
      },
    },
    async (request) => ok(await issueCoupon(db, { shopId: shopOf(request) }, request.body)),
  )
  app.post(
    '/coupons/:id/end',
    {
      config: { errors: [...endErrors, ...lockErrors] },
      schema: {
        tags,
        operationId: 'endShopCoupon',
        summary: "End one of my shop's coupons: claims stop, held ones stay good",
        params: IdParam,
        response: { 200: okReply(IssuedCoupon) },
      },
    },
    async (request) => ok(await endCoupon(db, { shopId: shopOf(request) }, request.params.id)),
  )
}

/** The platform's coupons, paid by its marketing account (operator group, /api/admin). */
export const adminCouponRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app
  app.get(
    '/coupons',
    {
      config: { errors: pageErrors },
      schema: {
        tags,
        operationId: 'listPlatformCoupons',
        summary: "The platform's coupons, newest first",
        querystring: IssuedCouponQuery,
        response: { 200: okReply(IssuedCouponPage) },
      },
    },
    async (request) => ok(await issuedCoupons(db, { operatorId: operatorOf(request).id }, request.query)),
  )
  app.post(
    '/coupons',
    {
      config: { errors: issueErrors },
      schema: {
        tags,
        operationId: 'createPlatformCoupon',
        summary: 'Issue a platform coupon (marketing pays its discounts; audit-logged)',
        body: CouponBody,
        response: { 200: okReply(IssuedCoupon) },
      },
    },
    async (request) => ok(await issueCoupon(db, { operatorId: operatorOf(request).id }, request.body)),
  )
  app.post(
    '/coupons/:id/end',
    {
      config: { errors: endErrors },
      schema: {
        tags,
        operationId: 'endPlatformCoupon',
        summary: 'End a platform coupon: claims stop, held ones stay good (audit-logged)',
        params: IdParam,
        response: { 200: okReply(IssuedCoupon) },
      },
    },
    async (request) => ok(await endCoupon(db, { operatorId: operatorOf(request).id }, request.params.id)),
  )
}
