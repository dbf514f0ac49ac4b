import { ListingCard, pageOf } from '@bazaar/contract/catalog'
import { api } from './support/api'
import { settle } from './support/settle'
import { expect, test } from './support/test'

/**
 * Honest figures (the reviews issue): no page shows a rating, review count or discount that
 * Bazaar's own data does not support. The buyer's side of reviews is in reviews.spec.ts.
 */

// Loose: the check is that the dataset's fields are absent, which a strict parse would hide by dropping them.
const RawCards = pageOf(ListingCard.loose())

test('no page shows a rating, review count or discount that Bazaar’s own data does not support', async ({ page }) => {
  const cards = await test.step('the API: no card carries the dataset’s rating, list price or discount', async () => {
    const { items } = await api.get('/api/products?limit=100&sort=sales', RawCards)
    for (const card of items) {
      for (const key of ['rating', 'listPriceCents', 'discountBasisPoints']) expect(card).not.toHaveProperty(key)
    }
    return items
  })
  const unreviewed = cards.find((c) => c.reviewCount === 0)
  expect(unreviewed).toBeDefined()

  /** Opens `path`: no '% off', no promise of a discount, no struck-through 'was' price anywhere. */
  const checkPage = async (path: string, ready: string) => {
    await page.goto(path)
    await expect(page.getByTestId(ready).first()).toBeVisible()
    await settle(page)
    const text = await page.locator('body').textContent()
    expect(text).not.toMatch(/\d\s?%/)
    const struck = await page.evaluate(
      () =>
        [...document.querySelectorAll('body *')].filter((el) => getComputedStyle(el).textDecorationLine.includes('line-through')).length,
    )
    expect(struck).toBe(0)
  }

  await test.step('home: no discount, and cards of products nobody reviewed show no stars', async () => {
    await checkPage('#/pages/index', 'product-card')
    for (const card of await page.getByTestId('product-card').all()) {
      const id = Number(new URL((await card.getAttribute('href'))?.replace('#/', '') ?? '', 'http://x').searchParams.get('id'))
      const data = cards.find((c) => c.id === id)
      if (data?.reviewCount === 0) await expect(card.getByTestId('card-rating')).toHaveCount(0)
    }
  })

  await test.step('the product list sorted by price: no discount', async () => {
    await checkPage('#/pages/product/list?sort=price_desc', 'product-card')
  })

  await test.step('an unreviewed product’s page says so, with no summary', async () => {
    await checkPage(`#/pages/product/goods?id=${unreviewed?.id}`, 'reviews')
    await expect(page.getByTestId('reviews')).toContainText('No reviews yet')
    await expect(page.getByTestId('price-reviews')).toHaveText('No reviews yet')
    await expect(page.getByTestId('review-summary')).toHaveCount(0)
  })
})
