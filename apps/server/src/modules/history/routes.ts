import { IdParam } from '@bazaar/contract/catalog'
import { okReply } from '@bazaar/contract/envelope'
import { HistoryPage, MemberPageQuery } from '@bazaar/contract/member'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { userOf } from '../../platform/access.ts'
import { ok } from '../../platform/replies.ts'
import * as history from './service.ts'

const tags = ['history']
const Done = okReply(z.null())

/** Browsing history (SPEC §2 member/history; buyer group). */
export const historyRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app
  app.get(
    '/history',
    {
      config: { errors: ['Invalid cursor', 'Page size must be 1 to 100'] },
      schema: {
        tags,
        operationId: 'listHistory',
        summary: 'Products I viewed, newest first (the 200 newest)',
        querystring: MemberPageQuery,
        response: { 200: okReply(HistoryPage) },
      },
    },
    async (request) => ok(await history.listHistory(db, userOf(request).id, request.query)),
  )
  app.post(
    '/history/:id',
    {
      config: { errors: ['Product not found'] },
      schema: { tags, operationId: 'recordView', summary: 'Record that I viewed a product', params: IdParam, response: { 200: Done } },
    },
    async (request) => {
      await history.recordView(db, userOf(request).id, request.params.id)
      return ok(null)
    },
  )
  app.delete(
    '/history/:id',
    {
      schema: {
        tags,
        operationId: 'deleteHistoryEntry',
        summary: 'Remove a product from my history',
        params: IdParam,
        response: { 200: Done },
      },
    },
    async (request) => {
      await history.deleteFromHistory(db, userOf(request).id, request.params.id)
      return ok(null)
    },
  )
  app.delete(
    '/history',
    { schema: { tags, operationId: 'clearHistory', summary: 'Clear my history', response: { 200: Done } } },
    async (request) => {
      await history.clearHistory(db, userOf(request).id)
      return ok(null)
    },
  )
}
