import { type ListingCard, ListingPage } from '@bazaar/contract/catalog'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../../test/app-harness.ts'
import { testDialects } from '../../test/databases.ts'

/** Follows `nextCursor` until the last page and returns every item in order. */
async function walk(t: TestApp, query: string, startCursor: string | null = null) {
  const items: ListingCard[] = []
  let cursor = startCursor
  for (let page = 0; page < 200; page++) {
    const res = await t.get(`/api/products?${query}${cursor ? `&cursor=${cursor}` : ''}`, { schema: ListingPage })
    expect(res.status).toBe(200)
    items.push(...res.body.data.items)
    cursor = res.body.data.nextCursor
    if (!cursor) return items
  }
  throw new Error('pagination did not end')
}

// Keyword search over the real catalogue (issue 15): ranked by where the words are found, paged
// by cursor, and the index changes in the same transaction as the product it describes.
describe.each(await testDialects())('keyword search on %s', (dialect) => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp(dialect)
  })
  afterAll(async () => {
    await t.close()
  })

  it('ranks the product named by the word before products that only mention it in their description', async () => {
    // 'Hyaluronic Acid Serum' has the word in its title; two other serums only in their descriptions.
    const items = await walk(t, 'keywords=hyaluronic&limit=100')
    const titles = [...new Set(items.map((i) => i.title))]
    expect(titles[0]).toBe('Hyaluronic Acid Serum')
    expect(titles).toEqual(expect.arrayContaining(['Oil Free Moisturizer 100ml', 'Skin Beauty Serum.']))
    // The word being typed matches as a prefix, in the same order.
    const typed = await walk(t, 'keywords=hyalur&limit=100')
    expect([...new Set(typed.map((i) => i.title))]).toEqual(titles)
  })

  it('pages by cursor through the same ranked sequence, each listing once', async () => {
    const whole = await walk(t, 'keywords=shoes&limit=100')
    expect(whole.length).toBeGreaterThan(6)
    const paged = await walk(t, 'keywords=shoes&limit=2')
    expect(paged.map((i) => i.id)).toEqual(whole.map((i) => i.id))
    expect(new Set(paged.map((i) => i.id)).size).toBe(paged.length)
    // Other sorts keep their order over the same matches.
    const cheap = await walk(t, 'keywords=shoes&sort=price_asc&limit=3')
    expect(cheap.map((i) => i.id).sort()).toEqual(whole.map((i) => i.id).sort())
    const prices = cheap.map((i) => i.priceCents)
    expect(prices).toEqual([...prices].sort((a, b) => a - b))
  })

  it('refuses a cursor made up by hand', async () => {
    const forged = Buffer.from(JSON.stringify(['relevance', 999999, 1, 1])).toString('base64url')
    expect(await t.get(`/api/products?keywords=shoes&cursor=${forged}`)).toMatchObject({ status: 400, body: { msg: 'Invalid cursor' } })
  })

  it('changes the index with the product, in the same transaction: a rolled back rename is never found', async () => {
    const product = await t.db.kysely
      .selectFrom('products')
      .select(['id', 'title'])
      .where('title', '=', 'Team Shirt')
      .executeTakeFirstOrThrow()
    await expect(
      t.db.kysely.transaction().execute(async (trx) => {
        await trx.updateTable('products').set({ title: 'Quokkaquilt Team Shirt' }).where('id', '=', product.id).execute()
        throw new Error('roll back')
      }),
    ).rejects.toThrow('roll back')
    expect(await walk(t, 'keywords=quokkaquilt')).toEqual([])
    await t.db.kysely.updateTable('products').set({ title: 'Quokkaquilt Team Shirt' }).where('id', '=', product.id).execute()
    const found = await walk(t, 'keywords=quokkaquilt')
    expect(found.length).toBeGreaterThan(0)
    expect(found.every((i) => i.title === 'Quokkaquilt Team Shirt')).toBe(true)
    await t.db.kysely.updateTable('products').set({ title: product.title }).where('id', '=', product.id).execute()
    expect(await walk(t, 'keywords=quokkaquilt')).toEqual([])
  })
})
