import { cardPrices } from './support/catalog'
import { expect, test } from './support/test'
import { expectShopToast } from './support/toast'

/**
 * A buyer's first visit on the real server and catalogue (SPEC §2): home → categories → a
 * category → sort by price → product detail → search with history.
 */
test('browse from home to a product, then search with history', async ({ page }) => {
  const problems: string[] = []
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`))
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`console: ${message.text()}`)
  })

  await test.step('home: banner, shortcuts and an endless feed', async () => {
    await page.goto('/')
    // '/' is the loading page; it goes on to home.
    await expect(page).toHaveURL(/\/pages\/index$/)
    await expect(page.getByTestId('banner-slide').first()).toBeVisible()
    await expect(page.getByTestId('category-shortcut').first()).toBeVisible()
    await expect(page.getByTestId('product-card').first()).toBeVisible()
    // The banner turns by itself every 3 s (SPEC §9).
    await expect(page.getByRole('button', { name: '2 / 3' })).toHaveAttribute('aria-current', 'true', { timeout: 8_000 })

    // Endless scroll: the feed's next pages (20 cards each, cursor) arrive as the end nears.
    await expect
      .poll(
        async () => {
          await page.mouse.wheel(0, 4_000)
          return page.getByTestId('product-card').count()
        },
        { timeout: 20_000 },
      )
      .toBeGreaterThan(40)
    await page.evaluate(() => window.scrollTo(0, 0))
  })

  await test.step('categories tab: a top-level category, then all of it', async () => {
    await page.getByTestId('tab-/pages/classify').click()
    await expect(page).toHaveURL(/\/pages\/classify$/)
    await page.getByTestId('classify-top').filter({ hasText: 'Electronics' }).click()
    await page.getByRole('link', { name: /View all/ }).click()
    await expect(page).toHaveURL(/\/pages\/product\/list\?categoryId=\d+$/)
    await expect(page.getByRole('heading', { name: 'Electronics' }).or(page.getByText('Electronics').first())).toBeVisible()
    await expect(page.getByTestId('product-card').first()).toBeVisible()
  })

  await test.step('price sort: ascending on the first tap, descending on the second', async () => {
    await page.getByTestId('sort-price').click()
    await expect(page).toHaveURL(/sort=price_asc/)
    await expect(page.getByTestId('sort-price')).toHaveAttribute('data-sort', 'price_asc')
    await expect.poll(async () => isSorted(await cardPrices(page), 'asc')).toBe(true)
    const ascending = await cardPrices(page)
    expect(ascending.length).toBeGreaterThan(2)
    expect(ascending).toEqual([...ascending].sort((a, b) => a - b))

    await page.getByTestId('sort-price').click()
    await expect(page).toHaveURL(/sort=price_desc/)
    await expect.poll(async () => isSorted(await cardPrices(page), 'desc')).toBe(true)
  })

  await test.step('price range in dollars, applied as cents: every card shown is within it', async () => {
    await page.getByTestId('price-filter').click()
    await page.getByTestId('price-min').locator('input').fill('100')
    await page.getByTestId('price-max').locator('input').fill('1000.5')
    await page.getByTestId('price-apply').click()
    await expect(page).toHaveURL(/minPriceCents=10000&maxPriceCents=100050/)
    await expect
      .poll(async () => {
        const prices = await cardPrices(page)
        return prices.length > 0 && prices.every((p) => p >= 10_000 && p <= 100_050) && isSorted(prices, 'desc')
      })
      .toBe(true)
  })

  await test.step('product detail: gallery, price and the shop card', async () => {
    const first = page.getByTestId('product-card').first()
    const title = (await first.locator('h3').textContent()) ?? ''
    await first.click()
    await expect(page).toHaveURL(/\/pages\/product\/goods\?id=\d+$/)
    await expect(page.getByTestId('gallery')).toBeVisible()
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible()
    await expect(page.locator('[data-cents]').first()).toBeVisible()
    await expect(page.getByTestId('shop-card')).toBeVisible()
    await expect(page.getByTestId('reviews')).toBeVisible()
  })

  await test.step('the spec sheet: a visitor who buys now is asked to log in and comes back to buy', async () => {
    await page.getByTestId('buy-now').click()
    await expect(page.getByText('Quantity', { exact: true })).toBeVisible()
    for (const chip of await page.getByTestId('spec-chip').and(page.locator(':enabled')).all()) {
      // Choose the first available value of each option (electronics usually have none).
      if ((await chip.getAttribute('aria-pressed')) === 'false') await chip.click()
      break
    }
    await page.getByTestId('sheet-buy').click()
    await expect(page).toHaveURL(/\/pages\/login\/login\?redirect=.*pages%2Fbuy/)
  })

  await test.step('search: empty keywords are refused with the translated message; a search lists results', async () => {
    await page.goto('/#/pages/search')
    await page.getByTestId('search-submit').click()
    await expectShopToast(page, 'Please enter key words')

    await page.getByRole('searchbox').or(page.getByPlaceholder('Search products')).first().fill('phone')
    await page.keyboard.press('Enter')
    await expect(page).toHaveURL(/\/pages\/product\/list\?keywords=phone$/)
    await expect(page.getByTestId('product-card').first()).toBeVisible()
  })

  await test.step('the search is remembered, and clearing the history empties it', async () => {
    await page.goto('/#/pages/search')
    await expect(page.getByTestId('search-history')).toContainText('phone')
    await page.getByTestId('clear-history').click()
    await page.getByRole('dialog').getByRole('button', { name: 'Clear history' }).click()
    await expect(page.getByTestId('search-history')).toHaveCount(0)
    await expect(page.getByText('No recent searches')).toBeVisible()
    expect(await page.evaluate(() => localStorage.getItem('bazaar.searchHistory'))).toBeNull()
  })

  // The empty search is refused by the shop itself; nothing else may have gone wrong.
  expect(problems).toEqual([])
})

test('a visitor sees an empty device cart and a login call to action on the account tab', async ({ page }) => {
  await page.goto('/#/pages/cart')
  await expect(page.getByTestId('cart-empty')).toBeVisible()

  await page.getByTestId('tab-/pages/member/index').click()
  await page.getByTestId('member-login').click()
  await expect(page).toHaveURL(/\/pages\/login\/login\?redirect=/)
})

test('the language picker switches to Arabic, right to left, and remembers it', async ({ page }) => {
  await page.goto('/#/pages/member/index')
  await page.getByTestId('language-item').click()
  await page.getByTestId('lang-ar').click()
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl')
  await expect(page.locator('html')).toHaveAttribute('lang', 'ar')
  await page.reload()
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl')
  expect(await page.evaluate(() => localStorage.getItem('bazaar.lang'))).toBe('ar')
})

/** True when there are at least two prices, all numbers, in `order`. */
function isSorted(prices: number[], order: 'asc' | 'desc'): boolean {
  if (prices.length < 2 || prices.some(Number.isNaN)) return false
  return prices.every((p, i) => i === 0 || (order === 'asc' ? prices[i - 1]! <= p : prices[i - 1]! >= p))
}
