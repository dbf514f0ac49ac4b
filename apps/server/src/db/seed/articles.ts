import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import type { Db } from '../database.ts'

/**
 * Loads the default articles from `<dir>/<slug>.<locale>.md` (first line `# Title`) into
 * the database, once per slug and locale: rows that exist, perhaps edited by an operator,
 * are left alone.
 */
export async function seedArticles(db: Db, dir: string): Promise<void> {
  const nowMs = Date.now()
  const rows = readdirSync(dir)
    .filter((f) => f.endsWith('.md'))
    .map((file) => {
      const [slug = '', locale = ''] = file.replace(/\.md$/, '').split('.')
      const text = readFileSync(path.join(dir, file), 'utf8')
      const [first = '', ...rest] = text.split('\n')
      return { slug, locale, title: first.replace(/^#\s*/, '').trim(), body: rest.join('\n').trim(), updated_at_ms: nowMs }
    })
  if (rows.length === 0) return
  await db.kysely
    .insertInto('articles')
    .values(rows)
    .onConflict((oc) => oc.columns(['slug', 'locale']).doNothing())
    .execute()
}
