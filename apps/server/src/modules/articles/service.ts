import type { Article } from '@bazaar/contract/auth'
import type { Db } from '../../db/database.ts'
import { AppError } from '../../platform/errors.ts'
import * as repo from './repo.ts'

/**
 * An article (user agreement, privacy policy, platform introduction, about) in a locale, or
 * in English when that translation does not exist yet.
 * @throws 'Route not found' for an article missing in English too
 */
export async function article(db: Db, slug: Article['slug'], locale: string): Promise<Article> {
  const rows = await repo.findArticle(db.kysely, slug, [locale, 'en'])
  const row = rows.find((r) => r.locale === locale) ?? rows.find((r) => r.locale === 'en')
  if (!row) throw new AppError('Route not found')
  return { slug, locale: row.locale, title: row.title, body: row.body, updatedAtMs: row.updated_at_ms }
}
