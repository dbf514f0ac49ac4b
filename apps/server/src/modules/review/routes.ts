import { IdParam } from '@bazaar/contract/catalog'
import { okReply } from '@bazaar/contract/envelope'
import {
  AdminReviewQuery,
  HideBody,
  MyReviewQuery,
  ReplyBody,
  ReviewBody,
  ReviewEditBody,
  ReviewListQuery,
  ReviewPage,
  ReviewRecord,
  ReviewRecordPage,
  ShopReviewQuery,
} from '@bazaar/contract/review'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { operatorOf, shopOf, userOf } from '../../platform/access.ts'
import { ok } from '../../platform/replies.ts'
import { adminReviews, listingReviews, myReviews, reviewRecords } from './list-service.ts'
import { createReview, editReview, hideReview, replyToReview } from './service.ts'

const tags = ['reviews']
const pageErrors = ['Invalid cursor', 'Page size must be 1 to 100'] as const

/** A product's reviews for everyone (public group). */
export const reviewPublicRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app
  app.get(
    '/products/:id/reviews',
    {
      config: { errors: ['Product not found', ...pageErrors] },
      schema: {
        tags,
        operationId: 'listProductReviews',
        summary: "A product's visible reviews, newest first: all, with photos, or one star value",
        params: IdParam,
        querystring: ReviewListQuery,
        response: { 200: okReply(ReviewPage) },
      },
    },
    async (request) => ok(await listingReviews(db, request.params.id, request.query)),
  )
}

/** Writing and reading one's own reviews (buyer group). */
export const reviewRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app
  app.post(
    '/reviews',
    {
      config: {
        errors: [
          'Order not found',
          'Order status does not allow this',
          'Review period over',
          'Refunded goods cannot be reviewed',
          'Already reviewed',
          'Invalid photo',
        ],
      },
      schema: {
        tags,
        operationId: 'createReview',
        summary: 'Review a received order line (stars, text, photos)',
        body: ReviewBody,
        response: { 200: okReply(ReviewRecord) },
      },
    },
    async (request) => ok(await createReview(db, userOf(request).id, request.body)),
  )
  app.put(
    '/reviews/:id',
    {
      config: { errors: ['Review not found', 'Review is hidden', 'Review already edited', 'Review edit period over', 'Invalid photo'] },
      schema: {
        tags,
        operationId: 'editReview',
        summary: 'Edit one of my reviews (once, within 7 days)',
        params: IdParam,
        body: ReviewEditBody,
        response: { 200: okReply(ReviewRecord) },
      },
    },
    async (request) => ok(await editReview(db, userOf(request).id, request.params.id, request.body)),
  )
  app.get(
    '/reviews/mine',
    {
      config: { errors: pageErrors },
      schema: {
        tags,
        operationId: 'listMyReviews',
        summary: 'My reviews (hidden ones with the reason), or those of one order',
        querystring: MyReviewQuery,
        response: { 200: okReply(ReviewRecordPage) },
      },
    },
    async (request) => ok(await myReviews(db, userOf(request).id, request.query)),
  )
}

/** The shop's reviews and its one reply to each (merchant group, /api/shop). */
export const merchantReviewRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app
  app.get(
    '/reviews',
    {
      config: { errors: pageErrors },
      schema: {
        tags,
        operationId: 'listShopReviews',
        summary: "My shop's reviews, or those of one order",
        querystring: ShopReviewQuery,
        response: { 200: okReply(ReviewRecordPage) },
      },
    },
    async (request) => ok(await reviewRecords(db, { shopId: shopOf(request) }, request.query)),
  )
  app.post(
    '/reviews/:id/reply',
    {
      config: { errors: ['Review not found', 'Review is hidden', 'Already replied'] },
      schema: {
        tags,
        operationId: 'replyToReview',
        summary: 'Reply to a review of my shop (once)',
        params: IdParam,
        body: ReplyBody,
        response: { 200: okReply(ReviewRecord) },
      },
    },
    async (request) => ok(await replyToReview(db, shopOf(request), request.params.id, request.body.text)),
  )
}

/** Moderation (operator group, /api/admin). */
export const adminReviewRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app
  app.get(
    '/reviews',
    {
      config: { errors: pageErrors },
      schema: {
        tags,
        operationId: 'listReviewsForModeration',
        summary: 'Reviews, newest first: all, visible or hidden',
        querystring: AdminReviewQuery,
        response: { 200: okReply(ReviewRecordPage) },
      },
    },
    async (request) => ok(await adminReviews(db, request.query)),
  )
  app.post(
    '/reviews/:id/hide',
    {
      config: { errors: ['Review not found', 'Review already hidden'] },
      schema: {
        tags,
        operationId: 'hideReview',
        summary: 'Hide a review with a reason (audit-logged; its author sees the reason)',
        params: IdParam,
        body: HideBody,
        response: { 200: okReply(ReviewRecord) },
      },
    },
    async (request) => ok(await hideReview(db, operatorOf(request).id, request.params.id, request.body.reason)),
  )
}
