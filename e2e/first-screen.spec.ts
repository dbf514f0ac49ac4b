import { ProductDetail } from '@bazaar/contract/catalog'
import { api } from './support/api'
import { firstListing } from './support/catalog'
import { expect, test } from './support/test'

/**
 * Path routes and the first screen (issue 15): the server answers every /pages/... path with
 * the shop, old hash links land on the same page, and home, a list and a product arrive with
 * their data in the HTML, so the page shows without asking the API for it again.
 */
test('an old hash link opens the same page at its path', async ({ page }) => {
  const { listingId } = await firstListing()
  const product = await api.get(`/api/products/${listingId}`, ProductDetail)
  await page.goto(`/#/pages/product/goods?id=${listingId}`)
  await expect(page).toHaveURL(new RegExp(`/pages/product/goods\\?id=${listingId}$`))
  await expect(page.getByRole('heading', { name: product.title })).toBeVisible()
})

test('home, a list and a product show their first screen from the HTML, without asking the API again', async ({ page }) => {
  const { listingId } = await firstListing()
  const asked: string[] = []
  page.on('request', (request) => {
    const { pathname } = new URL(request.url())
    if (pathname.startsWith('/api/products') || pathname === '/api/categories') asked.push(pathname)
  })

  const html = await (await page.request.get(`/pages/product/goods?id=${listingId}`)).text()
  expect(html).toMatch(
    /<link rel="preload" as="image" href="\/media\/\d+\/320\.webp" imagesrcset="[^"]+800w" imagesizes="[^"]+" fetchpriority="high">/,
  )
  expect(html).toContain('<script type="application/json" id="bazaar-first-screen">')

  for (const path of ['/pages/index', '/pages/product/list?sort=sales', `/pages/product/goods?id=${listingId}`]) {
    asked.length = 0
    await page.goto(path)
    const ready = path.includes('goods') ? page.getByTestId('gallery') : page.getByTestId('product-card').first()
    await expect(ready).toBeVisible()
    expect(asked, `${path} asked the API for what its HTML holds`).toEqual([])
  }
})

test('any other shop path answers the shop, the API and the console keep their own', async ({ page }) => {
  const shop = await page.request.get('/pages/member/order?tab=all')
  expect(shop.status()).toBe(200)
  expect(shop.headers()['content-type']).toContain('text/html')
  expect(await shop.text()).toContain('<div id="root">')
  expect((await page.request.get('/api/categories')).headers()['content-type']).toContain('application/json')
  expect(await (await page.request.get('/admin/')).text()).not.toContain('bazaar-first-screen')
})
