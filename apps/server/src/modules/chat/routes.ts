import { IdParam } from '@bazaar/contract/catalog'
import {
  ChatMessage,
  ConversationList,
  Conversation as ConversationSchema,
  HistoryQuery,
  MessagePage,
  OpenConversationBody,
  ReadBody,
  SendBody,
  Shake,
  ShakeBody,
} from '@bazaar/contract/chat'
import { chatSocketPath } from '@bazaar/contract/chat-values'
import { okReply } from '@bazaar/contract/envelope'
import type {} from '@fastify/websocket'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { userOf } from '../../platform/access.ts'
import { AppError } from '../../platform/errors.ts'
import { ok } from '../../platform/replies.ts'
import { audioMediaTypes } from '../uploads/service.ts'
import type { ChatDeps } from './deps.ts'
import { recallMessage, sendMessage } from './send-service.ts'
import {
  clearConversation,
  conversationList,
  deleteConversation,
  history,
  markRead,
  messageFile,
  openConversation,
  shake,
} from './service.ts'
import { chatSocket } from './socket.ts'

const tags = ['chat']
const Done = okReply(z.null())
const notFound = ['Conversation not found'] as const
const sendErrors = [
  'Conversation not found',
  'Too many requests',
  'Please activate IM instant messaging service',
  'other party is not a merchant',
  'Upload not found',
  'Product not found',
] as const

/**
 * Chat and customer service for signed-in users (buyer group; SPEC §7 chat calls mapped:
 * shake → POST /chat/shake, lists → GET /chat/conversations, send → POST
 * /chat/conversations/:id/messages, del → DELETE /chat/conversations/:id, clear → POST
 * /chat/conversations/:id/clear, read → POST /chat/read), and the socket they also travel over.
 */
export function chatRoutes(deps: ChatDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.route({
      method: 'GET',
      url: chatSocketPath.replace(/^\/api/, ''),
      config: { errors: ['Websocket upgrade required'] },
      schema: {
        tags,
        operationId: 'chatSocket',
        summary: 'The chat socket (websocket upgrade)',
        description:
          "Upgrade with subprotocols `['bazaar.chat', <token>]` (browsers cannot send the `token` header on a websocket). " +
          'A bad or expired token is refused before the upgrade (401, no socket). Frames are JSON: the client sends ' +
          '`{kind: init|ping|lists|send|recall|del|clear|read|history, ref?, …}`; the server pushes ' +
          '`{kind: init|pong|chat|service|recall|order|notice|live, data}` and answers calls with `{kind: reply, ref, code, msg, data}`.',
        response: { 101: z.null().describe('Switching Protocols: the socket is open') },
      },
      wsHandler: chatSocket(deps),
      handler: async () => {
        throw new AppError('Websocket upgrade required')
      },
    })
    app.post(
      '/chat/shake',
      {
        schema: {
          tags,
          operationId: 'chatShake',
          summary: 'Who a socket client id is bound as (SPEC chat/shake); the socket binds itself at connect',
          body: ShakeBody,
          response: { 200: okReply(Shake) },
        },
      },
      async (request) => ok(await shake(deps, userOf(request), request.body.clientId)),
    )
    app.get(
      '/chat/conversations',
      {
        schema: {
          tags,
          operationId: 'listConversations',
          summary: 'The chat list: each conversation with its unread count and last message (SPEC chat/lists)',
          response: { 200: okReply(ConversationList) },
        },
      },
      async (request) => ok(await conversationList(deps, userOf(request))),
    )
    app.post(
      '/chat/conversations',
      {
        config: { errors: ['Shop not found', 'other party is not a merchant', 'Please activate IM instant messaging service'] },
        schema: {
          tags,
          operationId: 'openConversation',
          summary: 'Open a conversation with a shop, an account or customer service',
          body: OpenConversationBody,
          response: { 200: okReply(ConversationSchema) },
        },
      },
      async (request) => ok(await openConversation(deps, userOf(request), request.body)),
    )
    app.get(
      '/chat/conversations/:id/messages',
      {
        config: { errors: notFound },
        schema: {
          tags,
          operationId: 'listChatMessages',
          summary: 'Messages of a conversation: after a sequence (catching up), before one, or the latest',
          params: IdParam,
          querystring: HistoryQuery,
          response: { 200: okReply(MessagePage) },
        },
      },
      async (request) => ok(await history(deps, userOf(request), request.params.id, request.query)),
    )
    app.post(
      '/chat/conversations/:id/messages',
      {
        config: { errors: sendErrors },
        schema: {
          tags,
          operationId: 'sendChatMessage',
          summary: 'Send text, an image, a voice clip or a goods card (SPEC chat/send)',
          params: IdParam,
          body: SendBody,
          response: { 200: okReply(ChatMessage) },
        },
      },
      async (request) => ok(await sendMessage(deps, userOf(request), request.params.id, request.body)),
    )
    app.post(
      '/chat/conversations/:id/read',
      {
        config: { errors: notFound },
        schema: {
          tags,
          operationId: 'readConversation',
          summary: 'Mark a conversation read',
          params: IdParam,
          body: ReadBody,
          response: { 200: Done },
        },
      },
      async (request) => {
        await markRead(deps, userOf(request), request.params.id, request.body.seq)
        return ok(null)
      },
    )
    app.post(
      '/chat/conversations/:id/clear',
      {
        config: { errors: notFound },
        schema: {
          tags,
          operationId: 'clearConversation',
          summary: 'Clear my history of a conversation (SPEC chat/clear)',
          params: IdParam,
          response: { 200: Done },
        },
      },
      async (request) => {
        await clearConversation(deps, userOf(request), request.params.id)
        return ok(null)
      },
    )
    app.delete(
      '/chat/conversations/:id',
      {
        config: { errors: notFound },
        schema: {
          tags,
          operationId: 'deleteConversation',
          summary: 'Remove a conversation from my list until its next message (SPEC chat/del)',
          params: IdParam,
          response: { 200: Done },
        },
      },
      async (request) => {
        await deleteConversation(deps, userOf(request), request.params.id)
        return ok(null)
      },
    )
    app.post(
      '/chat/read',
      {
        schema: {
          tags,
          operationId: 'readAllConversations',
          summary: 'Mark every conversation read (SPEC chat/read)',
          response: { 200: Done },
        },
      },
      async (request) => {
        await markRead(deps, userOf(request))
        return ok(null)
      },
    )
    app.post(
      '/chat/messages/:id/recall',
      {
        config: { errors: ['Message not found', 'Recall time exceeded'] },
        schema: {
          tags,
          operationId: 'recallChatMessage',
          summary: 'Recall my message within 2 minutes',
          params: IdParam,
          response: { 200: Done },
        },
      },
      async (request) => {
        await recallMessage(deps, userOf(request), request.params.id)
        return ok(null)
      },
    )
    app.get(
      '/chat/messages/:id/file',
      {
        config: { errors: ['Message not found', 'Upload not found'] },
        schema: {
          tags,
          operationId: 'getChatFile',
          summary: "An image or voice message's file, for the members of its conversation",
          params: IdParam,
          response: {
            200: {
              description: 'The file as stored: an image (JPEG, PNG, WebP) or a voice clip',
              // The media types it is sent as (the reply check found 'application/octet-stream' documented, image/png sent).
              content: Object.fromEntries(
                ['image/jpeg', 'image/png', 'image/webp', ...audioMediaTypes].map((type) => [
                  type,
                  { schema: z.any().meta({ type: 'string', format: 'binary' }) },
                ]),
              ),
            },
          },
        },
      },
      async (request, reply) => {
        const file = await messageFile(deps, userOf(request), request.params.id)
        return reply.type(file.mime).header('cache-control', 'private, max-age=86400').send(file.stream)
      },
    )
  }
}
