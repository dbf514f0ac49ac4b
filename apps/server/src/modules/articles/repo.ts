import type { Trx } from '../../db/database.ts'

/** An article's rows in the given locales. */
export function findArticle(db: Trx, slug: string, locales: string[]) {
  return db.selectFrom('articles').selectAll().where('slug', '=', slug).where('locale', 'in', locales).execute()
}
