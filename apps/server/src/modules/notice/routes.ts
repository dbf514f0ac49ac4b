import { PageQuery } from '@bazaar/contract/admin'
import { okReply } from '@bazaar/contract/envelope'
import {
  Announcement,
  AnnouncementBody,
  AnnouncementPage,
  NoticeCounts,
  NoticePage,
  NoticeQuery,
  NoticeReadBody,
} from '@bazaar/contract/notices'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { operatorOf, userOf } from '../../platform/access.ts'
import { ok } from '../../platform/replies.ts'
import { announcementPage, markNoticesRead, noticeCounts, noticePage, publishAnnouncement } from './service.ts'

const tags = ['notices']
const pageErrors = ['Invalid cursor', 'Page size must be 1 to 100'] as const

/** The message tabs (SPEC §2: logistics, interaction, system notice) for signed-in users (buyer group). */
export const noticeRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app
  app.get(
    '/notices',
    {
      config: { errors: pageErrors },
      schema: {
        tags,
        operationId: 'listNotices',
        summary: 'One message tab, newest first, with read state',
        querystring: NoticeQuery,
        response: { 200: okReply(NoticePage) },
      },
    },
    async (request) => ok(await noticePage(db, userOf(request), request.query)),
  )
  app.get(
    '/notices/counts',
    {
      schema: { tags, operationId: 'getNoticeCounts', summary: 'Unread entries per message tab', response: { 200: okReply(NoticeCounts) } },
    },
    async (request) => ok(await noticeCounts(db, userOf(request))),
  )
  app.post(
    '/notices/read',
    {
      schema: {
        tags,
        operationId: 'readNotices',
        summary: 'Mark one entry of a tab read, or the whole tab',
        body: NoticeReadBody,
        response: { 200: okReply(z.null()) },
      },
    },
    async (request) => {
      await markNoticesRead(db, userOf(request), request.body)
      return ok(null)
    },
  )
}

/** Operators' announcements (operator group under /api/admin). */
export const noticeAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app
  app.get(
    '/notices',
    {
      config: { errors: pageErrors },
      schema: {
        tags,
        operationId: 'listAnnouncements',
        summary: 'Announcements, newest first',
        querystring: PageQuery,
        response: { 200: okReply(AnnouncementPage) },
      },
    },
    async (request) => ok(await announcementPage(db, request.query)),
  )
  app.post(
    '/notices',
    {
      schema: {
        tags,
        operationId: 'publishAnnouncement',
        summary: 'Publish an announcement: listed under system notice and pushed to everyone connected',
        body: AnnouncementBody,
        response: { 200: okReply(Announcement) },
      },
    },
    async (request) => ok(await publishAnnouncement(db, operatorOf(request).id, request.body)),
  )
}
