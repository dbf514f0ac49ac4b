import { IdParam } from '@bazaar/contract/catalog'
import { okReply } from '@bazaar/contract/envelope'
import {
  ChangeEndpointBody,
  CreateEndpointBody,
  DeliveryListQuery,
  DeliveryPage,
  EndpointWithSecret,
  WebhookEndpoint,
} from '@bazaar/contract/webhooks'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { shopOf } from '../../platform/access.ts'
import { ok } from '../../platform/replies.ts'
import {
  changeEndpoint,
  createEndpoint,
  deleteEndpoint,
  deliveryLog,
  listEndpoints,
  resendDelivery,
  rotateSecret,
} from './endpoints-service.ts'

const tags = ['merchant integrations']
const notFound = ['Webhook endpoint not found'] as const

/**
 * The merchant's webhook endpoints and their delivery log (merchant group under /api/shop);
 * sessions only. `allowPrivate`: WEBHOOKS_ALLOW_PRIVATE (development and tests).
 */
export function webhookRoutes(settings: { allowPrivate: boolean }): FastifyPluginAsyncZod {
  return async (app) => {
    const { db } = app
    app.get(
      '/webhooks',
      {
        schema: {
          tags,
          operationId: 'listWebhookEndpoints',
          summary: "The shop's webhook endpoints with their state",
          response: { 200: okReply(z.object({ items: z.array(WebhookEndpoint) })) },
        },
      },
      async (request) => ok({ items: await listEndpoints(db, shopOf(request)) }),
    )
    app.post(
      '/webhooks',
      {
        config: { errors: ['Webhook URL not allowed', 'Too many webhook endpoints'] },
        schema: {
          tags,
          operationId: 'createWebhookEndpoint',
          summary: 'Register an HTTPS endpoint for events; its signing secret is in this reply only',
          body: CreateEndpointBody,
          response: { 200: okReply(EndpointWithSecret) },
        },
      },
      async (request) => ok(await createEndpoint(db, shopOf(request), request.body, settings.allowPrivate)),
    )
    app.put(
      '/webhooks/:id',
      {
        config: { errors: notFound },
        schema: {
          tags,
          operationId: 'changeWebhookEndpoint',
          summary: 'Change the events of an endpoint, or turn it on or off',
          params: IdParam,
          body: ChangeEndpointBody,
          response: { 200: okReply(WebhookEndpoint) },
        },
      },
      async (request) => ok(await changeEndpoint(db, shopOf(request), request.params.id, request.body)),
    )
    app.post(
      '/webhooks/:id/secret',
      {
        config: { errors: notFound },
        schema: {
          tags,
          operationId: 'rotateWebhookSecret',
          summary: 'A new signing secret (in this reply only); the old one signs beside it for 24 hours',
          params: IdParam,
          response: { 200: okReply(EndpointWithSecret) },
        },
      },
      async (request) => ok(await rotateSecret(db, shopOf(request), request.params.id)),
    )
    app.delete(
      '/webhooks/:id',
      {
        config: { errors: notFound },
        schema: {
          tags,
          operationId: 'deleteWebhookEndpoint',
          summary: 'Delete an endpoint',
          params: IdParam,
          response: { 200: okReply(z.null()) },
        },
      },
      async (request) => {
        await deleteEndpoint(db, shopOf(request), request.params.id)
        return ok(null)
      },
    )
    app.get(
      '/webhooks/:id/deliveries',
      {
        config: { errors: [...notFound, 'Invalid cursor', 'Page size must be 1 to 100'] },
        schema: {
          tags,
          operationId: 'listWebhookDeliveries',
          summary: "The endpoint's delivery log, newest first",
          params: IdParam,
          querystring: DeliveryListQuery,
          response: { 200: okReply(DeliveryPage) },
        },
      },
      async (request) => ok(await deliveryLog(db, shopOf(request), request.params.id, request.query)),
    )
    app.post(
      '/webhook-deliveries/:id/resend',
      {
        config: { errors: ['Delivery not found'] },
        schema: {
          tags,
          operationId: 'resendWebhookDelivery',
          summary: 'Send a delivery again now, with the same event id',
          params: IdParam,
          response: { 200: okReply(z.null()) },
        },
      },
      async (request) => {
        await resendDelivery(db, shopOf(request), request.params.id)
        return ok(null)
      },
    )
  }
}
