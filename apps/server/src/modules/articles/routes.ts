import { Article, ArticleSlug } from '@bazaar/contract/auth'
import { okReply } from '@bazaar/contract/envelope'
import { resolveLocale } from '@bazaar/contract/locales'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { ok } from '../../platform/replies.ts'
import { article } from './service.ts'

/** Articles in the `lang` header's language, or English (public group). */
export const articleRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/articles/:slug',
    {
      config: { errors: ['Route not found'] },
      schema: {
        tags: ['articles'],
        operationId: 'getArticle',
        summary: 'An article in the reader language',
        params: z.object({ slug: ArticleSlug }),
        response: { 200: okReply(Article) },
      },
    },
    async (request) => {
      const lang = request.headers.lang
      return ok(await article(app.db, request.params.slug, resolveLocale(Array.isArray(lang) ? lang[0] : lang) ?? 'en'))
    },
  )
}
