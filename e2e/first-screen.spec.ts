import { ProductDetail } from '@bazaar/contract/catalog'
import { api } from './support/api'
import { firstListing } from './support/catalog'
import { expect, test } from './support/test'

/**
 * Path routes and the first screen (issues 15 and 25): the server answers every /pages/...
 * path with the shop, old hash links land on the same page, and the server-rendered pages
 * carry their largest photo as an `<img>` of high priority and the data they were drawn from.
 */
test('an old hash link opens the same page at its path', async ({ page }) => {
  const { listingId } = await firstListing()
  const product = await api.get(`/api/products/${listingId}`, ProductDetail)
  await page.goto(`/#/pages/product/goods?id=${listingId}`)
  await expect(page).toHaveURL(new RegExp(`/pages/product/goods\\?id=${listingId}$`))
  await expect(page.getByRole('heading', { name: product.title })).toBeVisible()
})

test("a product page's HTML holds its photo as a high-priority <img> with srcset and sizes, preloaded in the head", async ({ page }) => {
  const { listingId } = await firstListing()
  const product = await api.get(`/api/products/${listingId}`, ProductDetail)
  const html = await (await page.request.get(`/pages/product/goods?id=${listingId}`)).text()
  const photo = product.images[0]?.id
  const head = html.slice(0, html.indexOf('</head>'))
  expect(head).toMatch(
    new RegExp(
      `<link rel="preload" as="image" imageSrcSet="[^"]*/media/${photo}/800\\.webp 800w" imageSizes="[^"]+" fetchPriority="high"/>`,
    ),
  )
  expect(head).toMatch(/<link rel="modulepreload" crossorigin href="\/assets\/GoodsPage-[\w-]+\.js">/)
  const img = new RegExp(`<img [^>]*src="/media/${photo}/320\\.webp" srcSet="[^"]*800w" sizes="[^"]+"[^>]*fetchPriority="high"`)
  expect(html).toMatch(img)
  expect(html).toContain('<script type="application/json" id="bazaar-first-screen">')
})

test('the root path is home, rendered by the server; its address becomes home’s', async ({ page }) => {
  const html = await (await page.request.get('/')).text()
  expect(html).toContain('"page":"/pages/index"')
  await page.goto('/')
  await expect(page).toHaveURL(/\/pages\/index$/)
  await expect(page.getByTestId('product-card').first()).toBeVisible()
})

test('any other shop path answers the shell, the API and the console keep their own', async ({ page }) => {
  const shop = await page.request.get('/pages/member/order?tab=all')
  expect(shop.status()).toBe(200)
  expect(shop.headers()['content-type']).toContain('text/html')
  const html = await shop.text()
  expect(html).toContain('<div id="root"></div>')
  expect(html).not.toContain('bazaar-first-screen')
  expect((await page.request.get('/api/categories')).headers()['content-type']).toContain('application/json')
  expect(await (await page.request.get('/admin/')).text()).not.toContain('bazaar-first-screen')
})
