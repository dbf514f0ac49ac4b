import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestDatabase, type TestDatabase, testDialects } from '../test/databases.ts'
import { migrateToLatest } from './migrate.ts'
import { preparedStatement } from './prepared.ts'

/** How many times the statement below was built (once per database). */
const builds = new Map<string, number>()

/** Categories under one parent by level, `rows` at most, in sort order: three bound values. */
const categoriesUnder = preparedStatement((db, p: { parentId: number; level: number; rows: number }) => {
  const dialect = db.getExecutor().adapter.constructor.name
  builds.set(dialect, (builds.get(dialect) ?? 0) + 1)
  return db
    .selectFrom('categories')
    .select(['slug', 'sort_order'])
    .where('parent_id', '=', p.parentId)
    .where('level', '=', p.level)
    .where('slug', '<>', 'never')
    .orderBy('sort_order')
    .limit(p.rows)
})

describe.each(await testDialects())('a statement compiled once on %s', (dialect) => {
  let database: TestDatabase
  let rootId: number
  beforeAll(async () => {
    database = await createTestDatabase(dialect)
    await migrateToLatest(database.db)
    const { kysely } = database.db
    const root = await kysely
      .insertInto('categories')
      .values({ slug: 'root', name: 'Root', parent_id: null, level: 1, sort_order: 1 })
      .returning('id')
      .executeTakeFirstOrThrow()
    rootId = root.id
    for (const [slug, order] of [
      ['c', 3],
      ['a', 1],
      ['b', 2],
    ] as const) {
      await kysely.insertInto('categories').values({ slug, name: slug, parent_id: rootId, level: 2, sort_order: order }).execute()
    }
  })
  afterAll(async () => database.drop())

  it('runs with each call’s values, the statement’s own constants kept', async () => {
    const { kysely } = database.db
    expect((await categoriesUnder(kysely, { parentId: rootId, level: 2, rows: 2 })).rows).toEqual([
      { slug: 'a', sort_order: 1 },
      { slug: 'b', sort_order: 2 },
    ])
    expect((await categoriesUnder(kysely, { parentId: rootId, level: 2, rows: 10 })).rows.map((r) => r.slug)).toEqual(['a', 'b', 'c'])
    expect((await categoriesUnder(kysely, { parentId: rootId, level: 3, rows: 10 })).rows).toEqual([])
    expect((await categoriesUnder(kysely, { parentId: rootId + 1000, level: 2, rows: 10 })).rows).toEqual([])
  })

  it('runs inside a transaction and sees its uncommitted rows', async () => {
    const slugs = await database.db.kysely
      .transaction()
      .execute(async (trx) => {
        await trx.insertInto('categories').values({ slug: 'z', name: 'z', parent_id: rootId, level: 2, sort_order: 0 }).execute()
        const seen = (await categoriesUnder(trx, { parentId: rootId, level: 2, rows: 1 })).rows
        throw Object.assign(new Error('roll back'), { seen })
      })
      .catch((error: { seen: { slug: string }[] }) => error.seen.map((r) => r.slug))
    expect(slugs).toEqual(['z'])
    expect((await categoriesUnder(database.db.kysely, { parentId: rootId, level: 2, rows: 1 })).rows[0]?.slug).toBe('a')
    // Built once for this database, its transactions included.
    expect(new Set(builds.values())).toEqual(new Set([1]))
    expect(builds.size).toBe(dialect === 'sqlite' ? 1 : 2)
  })

  it('binds a list item by item, one compiled statement per length', async () => {
    const bySlug = preparedStatement((db, p: { slugs: readonly string[]; level: number }) =>
      db.selectFrom('categories').select('slug').where('slug', 'in', p.slugs).where('level', '=', p.level).orderBy('slug'),
    )
    const slugsOf = async (slugs: string[], level = 2) => (await bySlug(database.db.kysely, { slugs, level })).rows.map((r) => r.slug)
    expect(await slugsOf(['a'])).toEqual(['a'])
    expect(await slugsOf(['c', 'a'])).toEqual(['a', 'c'])
    expect(await slugsOf(['b', 'c'])).toEqual(['b', 'c'])
    expect(await slugsOf(['a', 'b', 'c', 'root'])).toEqual(['a', 'b', 'c'])
    expect(await slugsOf(['a', 'b', 'c', 'root'], 1)).toEqual(['root'])
  })

  it('refuses a parameter that shapes the statement instead of being bound', async () => {
    const inText = preparedStatement((db, p: { column: string }) => db.selectFrom('categories').select(sql.raw<string>(p.column).as('x')))
    await expect(inText(database.db.kysely, { column: 'slug' })).rejects.toThrow(/must be a bound value/)
    const unused = preparedStatement((db, _p: { id: number }) => db.selectFrom('categories').select('slug'))
    await expect(unused(database.db.kysely, { id: 1 })).rejects.toThrow(/id must be a bound value/)
  })
})
