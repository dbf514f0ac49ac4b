import { Article, ArticleSlug } from '@bazaar/contract/auth'
import { okReply } from '@bazaar/contract/envelope'
import { resolveLocale } from '@bazaar/contract/locales'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import type { Db } from '../../db/database.ts'
import { AppError } from '../../platform/errors.ts'
import { ok } from '../../platform/replies.ts'

/**
 * Articles (user agreement, privacy policy, platform introduction, about) in the `lang`
 * header's language, or English when that translation does not exist yet.
 * @throws 'Route not found' for an article missing in English too
 */
export const articleRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(
    '/articles/:slug',
    {
      schema: {
        tags: ['articles'],
        summary: 'An article in the reader language',
        params: z.object({ slug: ArticleSlug }),
        response: { 200: okReply(Article) },
      },
    },
    async (request) => {
      const lang = request.headers.lang
      const locale = resolveLocale(Array.isArray(lang) ? lang[0] : lang) ?? 'en'
      const rows = await db.kysely
        .selectFrom('articles')
        .selectAll()
        .where('slug', '=', request.params.slug)
        .where('locale', 'in', [locale, 'en'])
        .execute()
      const row = rows.find((r) => r.locale === locale) ?? rows.find((r) => r.locale === 'en')
      if (!row) throw new AppError('Route not found')
      return ok({ slug: request.params.slug, locale: row.locale, title: row.title, body: row.body, updatedAtMs: row.updated_at_ms })
    },
  )
}
