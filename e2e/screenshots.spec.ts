import { firstListing } from './support/catalog'
import { shot } from './support/screenshot'
import { chooseLanguage } from './support/session'
import { expectLanguage } from './support/shop'
import { expect, test } from './support/test'

/**
 * Screenshots at 390×844 of the buyer pages in English and Arabic, into
 * test-results/screenshots/, for people to look at; Arabic pages must be right to left.
 */
const languages = [
  { tag: 'en', dir: 'ltr' },
  { tag: 'ar', dir: 'rtl' },
] as const

for (const { tag, dir } of languages) {
  test.describe(`screenshots in ${tag}`, () => {
    test.beforeEach(async ({ page }) => {
      await chooseLanguage(page, tag)
    })

    test('home, classify, list, goods, search, shop home, cart, member, sheets', async ({ page }) => {
      const { listingId, shopId } = await firstListing()
      const pages = [
        { name: 'home', path: '#/pages/index', ready: page.getByTestId('product-card').first() },
        { name: 'classify', path: '#/pages/classify', ready: page.getByTestId('classify-leaf').first() },
        { name: 'list', path: '#/pages/product/list?sort=price_asc', ready: page.getByTestId('product-card').first() },
        { name: 'goods', path: `#/pages/product/goods?id=${listingId}`, ready: page.getByTestId('shop-card') },
        { name: 'search', path: '#/pages/search', ready: page.getByTestId('search-submit') },
        { name: 'shop-home', path: `#/pages/product/shop_home?id=${shopId}`, ready: page.getByTestId('shop-header') },
        { name: 'shops', path: '#/pages/product/listshop', ready: page.getByTestId('shop-card').first() },
        { name: 'cart', path: '#/pages/cart', ready: page.getByTestId('cart-empty') },
        { name: 'member', path: '#/pages/member/index', ready: page.getByTestId('language-item') },
      ]
      for (const { name, path, ready } of pages) {
        await test.step(`${name} page`, async () => {
          await page.goto(path)
          await expect(ready).toBeVisible()
          await expectLanguage(page, tag, dir)
          await shot(page, `${tag}-${name}`)
        })
      }

      await test.step('the spec sheet, as people see it after a tap', async () => {
        await page.goto(`#/pages/product/goods?id=${listingId}`)
        await page.getByTestId('buy-now').click()
        await expect(page.getByTestId('sheet-buy')).toBeVisible()
        await shot(page, `${tag}-goods-spec`)
      })

      await test.step('a search result with the price filter open', async () => {
        await page.goto('#/pages/product/list?keywords=shirt')
        await expect(page.getByTestId('product-card').first()).toBeVisible()
        await page.getByTestId('price-filter').click()
        await expect(page.getByTestId('price-apply')).toBeVisible()
        await shot(page, `${tag}-list-filter`)
      })
    })
  })
}
