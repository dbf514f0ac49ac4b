import { registerByApi, uniqueEmail } from './support/accounts'
import { screenshotDir } from './support/env'
import { chooseLanguage, signIn } from './support/session'
import { expect, test } from './support/test'

// The suite blocks service workers (playwright.config.ts); this spec is about them.
test.use({ serviceWorkers: 'allow' })

/**
 * The installable shop (issue 15): a manifest with the shop's icons, a service worker
 * registered after load, and with the network cut the home still shows the products seen
 * before and says the shop is offline. Authenticated API replies are never kept.
 */
test('installable, and offline the home shows the products it saw and says so', async ({ page, context }) => {
  await page.goto('/pages/index')
  await expect(page.getByTestId('product-card').first()).toBeVisible()

  await test.step('manifest: name, start page, the shop colours, icons of 192 and 512 px', async () => {
    const href = await page.locator('link[rel="manifest"]').getAttribute('href')
    expect(href).toBeTruthy()
    const manifest = await (await page.request.get(href ?? '')).json()
    expect(manifest).toMatchObject({ name: 'Bazaar', start_url: '/pages/index', display: 'standalone', theme_color: '#ff5a1f' })
    const sizes = (manifest.icons as { sizes: string; src: string }[]).map((i) => i.sizes)
    expect(sizes).toEqual(expect.arrayContaining(['192x192', '512x512']))
    for (const icon of manifest.icons as { src: string }[]) expect((await page.request.get(icon.src)).ok()).toBe(true)
  })

  await test.step('the service worker is registered after load and controls the page', async () => {
    const scope = await page.evaluate(async () => (await navigator.serviceWorker.ready).scope)
    expect(scope).toMatch(/\/$/)
    // The first visit was not controlled yet: the next one is, and the worker keeps what it shows.
    await page.reload()
    await expect(page.getByTestId('product-card').first()).toBeVisible()
    await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true)
  })

  const titles = await page.getByTestId('product-card').locator('h3').allTextContents()
  await test.step('offline: the home shows the products seen before and says the shop is offline', async () => {
    await context.setOffline(true)
    await page.goto('/pages/index')
    await expect(page.getByTestId('offline-banner')).toHaveText('You are offline. Showing products saved on this device.')
    await expect(page.getByTestId('product-card').first()).toBeVisible()
    expect(await page.getByTestId('product-card').locator('h3').first().textContent()).toBe(titles[0])
    await page.screenshot({ path: `${screenshotDir}/en-offline.png` })
    await context.setOffline(false)
    await expect(page.getByTestId('offline-banner')).toHaveCount(0)
  })

  await test.step('signed in: nothing the API answers with the session token is kept', async () => {
    const session = await registerByApi(uniqueEmail('pwa'))
    await signIn(page, session.token)
    await page.goto('/pages/member/index')
    await page.goto('/pages/cart')
    await page.goto('/pages/index')
    await expect(page.getByTestId('product-card').first()).toBeVisible()
    const cachedApi = await page.evaluate(async () => {
      const urls: string[] = []
      for (const name of await caches.keys())
        for (const request of await (await caches.open(name)).keys()) urls.push(new URL(request.url).pathname)
      return urls.filter((path) => path.startsWith('/api/'))
    })
    for (const path of cachedApi) expect(path).toMatch(/^\/api\/(products|categories|shops)(\/|$)/)
  })
})

test('offline in Arabic: the banner is translated and the page stays right to left', async ({ page, context }) => {
  await chooseLanguage(page, 'ar')
  await page.goto('/pages/index')
  await page.evaluate(async () => navigator.serviceWorker.ready)
  await page.reload()
  await expect(page.getByTestId('product-card').first()).toBeVisible()
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true)
  await context.setOffline(true)
  await page.goto('/pages/index')
  await expect(page.getByTestId('offline-banner')).toHaveText('أنت غير متصل بالإنترنت. نعرض المنتجات المحفوظة على هذا الجهاز.')
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl')
  await expect(page.getByTestId('product-card').first()).toBeVisible()
  await page.screenshot({ path: `${screenshotDir}/ar-offline.png` })
})

test('offline, a call that fails says so in a toast, and nothing throws: the toast’s code was kept', async ({ page, context }) => {
  const thrown: string[] = []
  page.on('pageerror', (error) => thrown.push(error.message))
  page.on('console', (message) => {
    if (message.type() === 'error' && /dynamically imported module|Failed to fetch/i.test(message.text())) thrown.push(message.text())
  })
  await page.goto('/pages/index')
  await page.evaluate(async () => navigator.serviceWorker.ready)
  await page.reload()
  await expect(page.getByTestId('product-card').first()).toBeVisible()
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true)

  await context.setOffline(true)
  await page.goto('/pages/index')
  await expect(page.getByTestId('offline-banner')).toBeVisible()
  // A search is never kept for offline use: its call fails, and the shop says why.
  await page.goto('/pages/product/list?keywords=lamp')
  await expect(page.locator('.adm-toast-main').filter({ hasText: 'Network Error' }).first()).toBeVisible()
  expect(thrown).toEqual([])
  await context.setOffline(false)
})
