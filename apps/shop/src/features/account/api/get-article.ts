import type { Article } from '@bazaar/contract/auth'
import type { ArticleSlug } from '@bazaar/contract/auth-values'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { apiGet } from '../../../shared/api/client'

/** GET /api/articles/:slug in the `lang` header's language, English when not translated yet. */
export function getArticle(slug: ArticleSlug, signal?: AbortSignal): Promise<Article> {
  return apiGet<Article>(`/articles/${slug}`, {}, signal)
}

export const articleQuery = (slug: ArticleSlug) =>
  queryOptions({
    queryKey: ['account', 'articles', slug] as const,
    queryFn: ({ signal }) => getArticle(slug, signal),
    // Operators rarely edit articles; a language switch refetches every query anyway.
    staleTime: 10 * 60_000,
  })

export function useArticle(slug: ArticleSlug | undefined) {
  return useQuery({ ...articleQuery(slug ?? 'about'), enabled: slug !== undefined })
}
