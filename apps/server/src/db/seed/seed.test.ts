import { verify } from '@node-rs/argon2'
import { afterEach, describe, expect, it } from 'vitest'
import { loadConfig } from '../../config.ts'
import { createTestDatabase, type TestDatabase, testDialects } from '../../test/databases.ts'
import { migrateToLatest } from '../migrate.ts'
import { seedDatabase } from './seed.ts'

const { CATALOGUE_DIR: catalogueDir, ARTICLES_DIR: articlesDir } = loadConfig({})

describe.each(await testDialects())('seeding on %s', (dialect) => {
  let database: TestDatabase | undefined
  afterEach(async () => database?.drop())

  it('imports the real catalogue once, creates demo merchants with random passwords, and writes nothing on the second start', async () => {
    database = await createTestDatabase(dialect)
    const { kysely } = database.db
    await migrateToLatest(database.db)
    await migrateToLatest(database.db)
    const first = await seedDatabase(database.db, { catalogueDir, articlesDir, progress: false })
    expect(first.imported).toBe(true)
    expect(first.credentials).toHaveLength(4)
    const count = async () => ({
      products: (
        await kysely
          .selectFrom('products')
          .select((e) => e.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
      images: (
        await kysely
          .selectFrom('product_images')
          .select((e) => e.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
      categories: (
        await kysely
          .selectFrom('categories')
          .select((e) => e.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
      listings: (
        await kysely
          .selectFrom('listings')
          .select((e) => e.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
      users: (
        await kysely
          .selectFrom('users')
          .select((e) => e.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    })
    expect(await count()).toEqual({ products: 125, images: 411, categories: 37, listings: 125, users: 4 })

    const passwords = first.credentials.map((c) => c.password)
    expect(new Set(passwords).size).toBe(4)
    for (const c of first.credentials) {
      expect(c.password.length).toBeGreaterThanOrEqual(16)
      const user = await kysely.selectFrom('users').select(['password_hash', 'role']).where('email', '=', c.email).executeTakeFirstOrThrow()
      expect(user.role).toBe('merchant')
      expect(user.password_hash).toMatch(/^\$argon2id\$/)
      expect(await verify(user.password_hash, c.password)).toBe(true)
    }

    // Demo shops come from the application path: approved demo applications, shops at level 1 marked demo.
    const applications = await kysely.selectFrom('shop_applications').select(['status', 'is_demo', 'shop_id']).execute()
    expect(applications.map((a) => [a.status, a.is_demo])).toEqual(Array(4).fill(['approved', 1]))
    const shops = await kysely.selectFrom('shops').select(['id', 'level', 'is_demo', 'listing_count']).orderBy('id').execute()
    expect(shops.map((s) => [s.level, s.is_demo])).toEqual(Array(4).fill([1, 1]))
    expect(new Set(applications.map((a) => a.shop_id))).toEqual(new Set(shops.map((s) => s.id)))
    expect(shops.reduce((n, s) => n + s.listing_count, 0)).toBe(125)

    const second = await seedDatabase(database.db, { catalogueDir, articlesDir, progress: false })
    expect(second).toEqual({ imported: false, credentials: [] })
    expect(await count()).toEqual({ products: 125, images: 411, categories: 37, listings: 125, users: 4 })
  })

  it('fills stock for demo listings whose catalogue stock is 0, and keeps the real stock elsewhere', async () => {
    database = await createTestDatabase(dialect)
    await migrateToLatest(database.db)
    await seedDatabase(database.db, { catalogueDir, articlesDir, progress: false })
    const stocks = await database.db.kysely
      .selectFrom('listing_skus as ls')
      .innerJoin('skus as k', 'k.id', 'ls.sku_id')
      .select(['k.code', 'ls.stock'])
      .execute()
    const byCode = new Map(stocks.map((s) => [s.code, s.stock]))
    expect(byCode.get('DJ-SMA-001')).toBe(94)
    expect(stocks.every((s) => s.stock > 0)).toBe(true)
  })
})
