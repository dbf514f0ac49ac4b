import { CategoryTree, ListingPage } from '@bazaar/contract/catalog'
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../../test/app-harness.ts'
import { testDialects } from '../../test/databases.ts'

/**
 * Property: for any sort, page size, price range and scope, following the cursors returns
 * exactly the listings one unpaginated read returns, in the same order, with no duplicate.
 */
describe.each(await testDialects())('product list pagination on %s (property)', (dialect) => {
  let t: TestApp
  let categoryIds: number[]
  beforeAll(async () => {
    t = await createTestApp(dialect)
    const tree = (await t.get('/api/categories', { schema: CategoryTree })).body.data.items
    categoryIds = tree.flatMap((c) => [c.id, ...c.children.map((x) => x.id)])
  })
  afterAll(async () => t?.close())

  /** The expected ids, filtered and sorted in JavaScript from the raw rows: an independent oracle. */
  async function oracle(sort: string, min?: number, max?: number, categoryId?: string | null): Promise<number[]> {
    const rows = await t.db.kysely.selectFrom('listings').selectAll().where('status', '=', 'on_sale').execute()
    const key = { recommend: 'recommend_score', sales: 'sales_count', price_asc: 'price_cents', price_desc: 'price_cents' }[
      sort
    ] as 'price_cents'
    const direction = sort === 'price_asc' ? 1 : -1
    return rows
      .filter((r) => (min === undefined || r.price_cents >= min) && (max === undefined || r.price_cents <= max))
      .filter((r) => !categoryId || r.category_id === Number(categoryId) || r.top_category_id === Number(categoryId))
      .sort((a, b) => direction * (a[key] - b[key] || a.id - b.id))
      .map((r) => r.id)
  }

  it('pages concatenate to the whole ordered result', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom('recommend', 'sales', 'price_asc', 'price_desc'),
        fc.integer({ min: 1, max: 30 }),
        fc.option(fc.integer({ min: 0, max: 20_000 }), { nil: undefined }),
        fc.option(fc.integer({ min: 0, max: 200_000 }), { nil: undefined }),
        fc.option(fc.nat(), { nil: undefined }),
        async (sort, limit, low, high, categoryPick) => {
          const [min, max] = low !== undefined && high !== undefined && low > high ? [high, low] : [low, high]
          const params = new URLSearchParams({ sort })
          if (min !== undefined) params.set('minPriceCents', String(min))
          if (max !== undefined) params.set('maxPriceCents', String(max))
          if (categoryPick !== undefined) params.set('categoryId', String(categoryIds[categoryPick % categoryIds.length]))
          const expected = await oracle(sort, min, max, params.get('categoryId'))
          const paged: number[] = []
          let cursor: string | null = null
          do {
            // Annotated: the URL reads `cursor` and the page sets it, a cycle inference cannot resolve.
            const page: ListingPage = (
              await t.get(`/api/products?${params}&limit=${limit}${cursor ? `&cursor=${cursor}` : ''}`, { schema: ListingPage })
            ).body.data
            expect(page.items.length).toBeLessThanOrEqual(limit)
            paged.push(...page.items.map((i) => i.id))
            cursor = page.nextCursor
          } while (cursor)
          expect(paged).toEqual(expected)
        },
      ),
      { numRuns: 40 },
    )
  })
})
