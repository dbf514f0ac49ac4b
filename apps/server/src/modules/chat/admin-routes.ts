import { PageQuery } from '@bazaar/contract/admin'
import { IdParam } from '@bazaar/contract/catalog'
import {
  ChatMessage,
  FlaggedPage,
  HistoryQuery,
  ImBody,
  ImStatus,
  MessagePage,
  ReadBody,
  ServiceConversationPage,
  ServiceReplyBody,
} from '@bazaar/contract/chat'
import { okReply } from '@bazaar/contract/envelope'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { operatorOf } from '../../platform/access.ts'
import { ok } from '../../platform/replies.ts'
import type { ChatDeps } from './deps.ts'
import { flaggedMessages, serviceHistory, serviceInbox, serviceRead, serviceReply, setImActive } from './operator-service.ts'

const tags = ['chat']
const Done = okReply(z.null())
const notFound = ['Conversation not found'] as const

/** Customer service and chat safety in the console (operator group under /api/admin). */
export function chatAdminRoutes(deps: ChatDeps): FastifyPluginAsyncZod {
  return async (app) => {
    const pageErrors = ['Invalid cursor', 'Page size must be 1 to 100'] as const
    app.get(
      '/service/conversations',
      {
        config: { errors: pageErrors },
        schema: {
          tags,
          operationId: 'listServiceConversations',
          summary: "Customer service inbox: buyers' conversations, latest first, with unread counts",
          querystring: PageQuery,
          response: { 200: okReply(ServiceConversationPage) },
        },
      },
      async (request) => ok(await serviceInbox(deps.db, request.query)),
    )
    app.get(
      '/service/conversations/:id/messages',
      {
        config: { errors: notFound },
        schema: {
          tags,
          operationId: 'listServiceMessages',
          summary: 'Messages of a customer service conversation',
          params: IdParam,
          querystring: HistoryQuery,
          response: { 200: okReply(MessagePage) },
        },
      },
      async (request) => ok(await serviceHistory(deps.db, request.params.id, request.query)),
    )
    app.post(
      '/service/conversations/:id/messages',
      {
        config: { errors: notFound },
        schema: {
          tags,
          operationId: 'replyServiceConversation',
          summary: 'Answer a buyer as customer service',
          params: IdParam,
          body: ServiceReplyBody,
          response: { 200: okReply(ChatMessage) },
        },
      },
      async (request) => ok(await serviceReply(deps, operatorOf(request).id, request.params.id, request.body.text)),
    )
    app.post(
      '/service/conversations/:id/read',
      {
        config: { errors: notFound },
        schema: {
          tags,
          operationId: 'readServiceConversation',
          summary: 'Mark a customer service conversation read',
          params: IdParam,
          body: ReadBody,
          response: { 200: Done },
        },
      },
      async (request) => {
        await serviceRead(deps, request.params.id, request.body.seq)
        return ok(null)
      },
    )
    app.get(
      '/chat/flagged',
      {
        config: { errors: pageErrors },
        schema: {
          tags,
          operationId: 'listFlaggedMessages',
          summary: "Merchants' messages with signs of payment outside the platform",
          querystring: PageQuery,
          response: { 200: okReply(FlaggedPage) },
        },
      },
      async (request) => ok(await flaggedMessages(deps.db, request.query)),
    )
    app.post(
      '/users/:id/im',
      {
        config: { errors: ['User not found'] },
        schema: {
          tags,
          operationId: 'setUserIm',
          summary: "Switch a user's instant messaging service on or off",
          params: IdParam,
          body: ImBody,
          response: { 200: okReply(ImStatus) },
        },
      },
      async (request) => {
        await setImActive(deps.db, operatorOf(request).id, request.params.id, request.body.active)
        return ok({ userId: request.params.id, active: request.body.active })
      },
    )
  }
}
