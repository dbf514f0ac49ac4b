import { readFile, writeFile } from 'node:fs/promises'
import { bondLevels, farSkus, orderRules, setBondLevels, setOrderRules, setPurchasePrice } from './support/catalogue'
import { consoleViewport, expectNoSidewaysScroll, logIn, openSection } from './support/console'
import { consoleShot } from './support/screenshot'
import { fileApplication, merchantAskingToLower } from './support/stores'
import { expect, test } from './support/test'
import { expectConsoleToast } from './support/toast'

/**
 * The console's merchant half (issue 12, operators' console) against the real server, at
 * 1280 px: the overview, shop applications with their identity photos approved and rejected,
 * shops, purchase prices edited and imported as CSV, the bond level table, a bond refund
 * approved, and an order time rule changed. Every page is checked for sideways scrolling
 * and, through support/test.ts, for accessibility. Screenshots: admin-<page>.png and
 * admin-ar-<page>.png in test-results/screenshots/.
 */
test.use({ viewport: consoleViewport, isMobile: false, hasTouch: false })

test('an operator opens one shop, refuses another with a reason, prices the catalogue, edits levels and rules, and refunds a bond', async ({
  page,
}, testInfo) => {
  test.setTimeout(240_000)
  const [opening, refusing, refunding] = await Promise.all([
    fileApplication('Amira Haddad'),
    fileApplication('Jonas Weber'),
    merchantAskingToLower('Lena Fischer', 'refund'),
  ])
  const [priced, imported] = await farSkus()
  const rulesBefore = await orderRules()
  const levelsBefore = await bondLevels()
  const table = (testId: string) => page.getByTestId(testId)
  const rowWith = (testId: string, text: string) => table(testId).getByRole('row').filter({ hasText: text })

  await test.step('the overview counts the queues and draws the last 30 days', async () => {
    await logIn(page)
    await openSection(page, 'Overview')
    const waiting = Number(await page.getByTestId('queue-applications').locator('.ant-statistic-content-value').textContent())
    expect(waiting).toBeGreaterThanOrEqual(2)
    await expect(page.getByTestId('figure-newShops')).toContainText('Last 30 days')
    for (const chart of ['chart-turnover', 'chart-orders', 'chart-signups'])
      await expect(page.getByTestId(chart).locator('.recharts-wrapper > svg.recharts-surface')).toBeVisible()
    await expectNoSidewaysScroll(page)
    await consoleShot(page, 'overview')
  })

  await test.step('an application shows both identity photos, fetched privately, and opens a shop', async () => {
    await openSection(page, 'Shop applications')
    const row = rowWith('applications-table', opening.application.shopName)
    await expect(row).toContainText('Amira Haddad')
    await expect(row).toContainText('Identity card')
    await expectNoSidewaysScroll(page)
    await consoleShot(page, 'applications')
    await row.getByTestId('open-application').click()
    await expect(page.getByRole('heading', { name: `Application #${opening.application.id}` })).toBeVisible()
    const photos = page.locator('.identity-photo img.ant-image-img')
    await expect(photos).toHaveCount(2)
    for (const photo of await photos.all()) {
      await expect(photo).toHaveAttribute('src', /^blob:/)
      await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0)
    }
    await expect(page.getByText('X1234567')).toBeVisible()
    await expectNoSidewaysScroll(page)
    await consoleShot(page, 'application')
    await page.getByTestId('approve').click()
    await page.getByTestId('approve-confirm').click()
    await expectConsoleToast(page, `“${opening.application.shopName}” is open`)
    await expect(page).toHaveURL(/#\/applications$/)
    await expect(rowWith('applications-table', opening.application.shopName)).toHaveCount(0)
    await page.getByRole('tab', { name: 'Opened' }).click()
    await expect(rowWith('applications-table', opening.application.shopName)).toHaveCount(1)
  })

  await test.step('rejecting needs a reason, which the decided application keeps', async () => {
    await page.getByRole('tab', { name: 'Under review' }).click()
    await rowWith('applications-table', refusing.application.shopName).getByTestId('open-application').click()
    await page.getByTestId('reject').click()
    await page.getByTestId('reject-confirm').click()
    await expect(page.getByText('Enter the reason for rejecting')).toBeVisible()
    await page.getByTestId('reject-reason').fill('The photo of the back of the document is blurred.')
    await page.getByTestId('reject-confirm').click()
    await expectConsoleToast(page, `The application for “${refusing.application.shopName}” is rejected`)
    await page.getByRole('tab', { name: 'Rejected' }).click()
    const row = rowWith('applications-table', refusing.application.shopName)
    await expect(row).toContainText('The photo of the back of the document is blurred.')
    await row.getByTestId('open-application').click()
    await expect(page.getByRole('alert').filter({ hasText: 'The applicant read this reason' })).toContainText('blurred')
    await expect(page.getByTestId('approve')).toHaveCount(0)
  })

  await test.step('the opened shop is listed at level 1 with its credit, and can be locked and unlocked', async () => {
    await openSection(page, 'Shops')
    await page.getByTestId('shop-search').locator('input').fill(opening.application.shopName)
    await page.getByTestId('shop-search').locator('input').press('Enter')
    const row = rowWith('shops-table', opening.application.shopName)
    await expect(row).toContainText('Level 1')
    await expect(row.getByTestId('shop-status')).toHaveText('Open')
    await row.getByTestId('shop-credit').click()
    await page.getByTestId('credit-score').fill('85')
    await page.getByTestId('credit-confirm').click()
    await expectConsoleToast(page, `is now 85`)
    await expect(row.getByTestId('shop-credit-score')).toHaveText('85')
    await row.getByTestId('shop-lock').click()
    await page.getByTestId('shop-lock-confirm').click()
    await expect(row.getByTestId('shop-status')).toHaveText('Locked')
    await row.getByTestId('shop-lock').click()
    await page.getByTestId('shop-lock-confirm').click()
    await expect(row.getByTestId('shop-status')).toHaveText('Open')
    await page.getByTestId('shop-search').locator('input').fill('')
    await page.getByTestId('shop-search').locator('input').press('Enter')
    await expect(table('shops-table').getByTestId('shop-status').first()).toBeVisible()
    await expectNoSidewaysScroll(page)
    await consoleShot(page, 'shops')
  })

  await test.step('a purchase price is edited in place, exported and imported as CSV', async () => {
    await openSection(page, 'Purchase prices')
    await expectNoSidewaysScroll(page)
    await consoleShot(page, 'catalogue')
    const search = page.getByTestId('sku-search').locator('input')
    await search.fill(priced.code)
    await search.press('Enter')
    const row = rowWith('skus-table', priced.code)
    await expect(row).toHaveCount(1)
    await row.getByTestId('price-edit').click()
    await row.getByTestId('price-input').fill('12.345')
    // The field takes at most 2 decimals as typed.
    await expect(row.getByTestId('price-input')).toHaveValue('12.34')
    await row.getByTestId('price-input').press('Enter')
    await expectConsoleToast(page, `Purchase price of ${priced.code} saved`)
    await expect(row).toContainText('12.34 USDT')

    const download = page.waitForEvent('download')
    await page.getByTestId('csv-export').click()
    const csv = await readFile(await (await download).path(), 'utf8')
    expect(csv.split('\n')[0]).toBe('sku_code,purchase_price,product_title,retail_price')
    expect(csv).toContain(`${priced.code},12.34,`)

    const file = testInfo.outputPath('purchase-prices.csv')
    await writeFile(file, `sku_code,purchase_price\n${imported.code},7.50\nNO-SUCH-SKU,1.00\n${priced.code},12.34\n`)
    await page.locator('input[type="file"]').setInputFiles(file)
    const result = page.getByTestId('import-result')
    await expect(result).toContainText('Prices changed1')
    await expect(result).toContainText('Unchanged1')
    await expect(result.getByTestId('refused-lines')).toContainText('NO-SUCH-SKU')
    await expect(result.getByTestId('refused-lines')).toContainText('No SKU has this code')
    await consoleShot(page, 'catalogue-import')
    await page.getByTestId('import-close').click()
    await search.fill(imported.code)
    await search.press('Enter')
    await expect(rowWith('skus-table', imported.code)).toContainText('7.50 USDT')
  })
  await Promise.all([setPurchasePrice(priced), setPurchasePrice(imported)])

  await test.step('the bond level table refuses a level cheaper than the one below, and saves a sound change', async () => {
    await openSection(page, 'Bond levels')
    const bonds = page.getByTestId('level-bond')
    const listings = page.getByTestId('level-listings')
    await expect(bonds).toHaveCount(levelsBefore.length)
    await bonds.nth(1).fill('0')
    await expect(page.getByTestId('levels-problem')).toHaveText('Level 2 must cost more bond than the level below it.')
    await expect(page.getByTestId('levels-save')).toBeDisabled()
    await page.getByRole('button', { name: 'Reset' }).click()
    await expect(page.getByTestId('levels-problem')).toHaveCount(0)
    const top = levelsBefore.at(-1)
    if (!top) throw new Error('no bond levels')
    await listings.last().fill(String(top.maxListings + 5))
    await page.getByTestId('levels-save').click()
    await page.getByTestId('levels-confirm').click()
    await expectConsoleToast(page, 'Bond levels saved')
    await page.reload()
    await expect(page.getByTestId('level-listings').last()).toHaveValue(String(top.maxListings + 5))
    await expectNoSidewaysScroll(page)
    await consoleShot(page, 'bond-levels')
  })
  await setBondLevels(levelsBefore)

  await test.step('a bond refund is approved and the bond goes back to the wallet', async () => {
    await openSection(page, 'Bond requests')
    const row = rowWith('bond-requests-table', refunding.shopName)
    await expect(row).toContainText('Refund bond')
    await expect(row).toContainText('2 → 1')
    await expectNoSidewaysScroll(page)
    await consoleShot(page, 'bond-requests')
    await row.getByTestId('approve').click()
    await page.getByTestId('approve-confirm').click()
    await expectConsoleToast(page, `Request #${refunding.request.id} of “${refunding.shopName}” approved`)
    await expect(row).toHaveCount(0)
    await page.getByRole('tab', { name: 'Refunded' }).click()
    await expect(rowWith('bond-requests-table', refunding.shopName)).toHaveCount(1)
    await openSection(page, 'Shops')
    await page.getByTestId('shop-search').locator('input').fill(refunding.shopName)
    await page.getByTestId('shop-search').locator('input').press('Enter')
    await expect(rowWith('shops-table', refunding.shopName)).toContainText('Level 1')
  })

  await test.step('an order time rule is changed after a confirmation that lists the change', async () => {
    await openSection(page, 'Order time rules')
    const days = rulesBefore.shipByMs / 86_400_000
    await expect(page.getByTestId('rule-shipByMs-now')).toHaveText(`Now: ${days} days`)
    await expect(page.getByTestId('rules-save')).toBeDisabled()
    await page.getByTestId('rule-shipByMs').fill(String(days + 1))
    await page.getByTestId('rules-save').click()
    await expect(page.getByTestId('rules-changes')).toHaveText(`Time to ship: ${days} days → ${days + 1} days`)
    await page.getByTestId('rules-confirm').click()
    await expectConsoleToast(page, 'Order time rules saved')
    await expect(page.getByTestId('rule-shipByMs-now')).toHaveText(`Now: ${days + 1} days`)
    expect((await orderRules()).shipByMs).toBe(rulesBefore.shipByMs + 86_400_000)
    await expectNoSidewaysScroll(page)
    await consoleShot(page, 'order-rules')
  })
  await setOrderRules(rulesBefore)

  await test.step('the audit log names the latest decisions (other suites write to it too)', async () => {
    await openSection(page, 'Audit log')
    for (const action of ['Bond refunded', 'Bond levels changed', 'Purchase price changed'])
      await expect(page.getByTestId('audit-table').getByText(action).first()).toBeVisible()
  })
})

test('the merchant pages of the console read right to left in Arabic', async ({ page }) => {
  test.setTimeout(180_000)
  const [applying] = await Promise.all([fileApplication('Layla Mansour'), merchantAskingToLower('Omar Khalil', 'lower')])
  await page.addInitScript(() => localStorage.setItem('bazaar.admin.lang', 'ar'))
  await logIn(page)
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl')

  const pages: { path: string; name: string; ready: string }[] = [
    { path: 'overview', name: 'overview', ready: 'chart-signups' },
    { path: 'applications', name: 'applications', ready: 'applications-table' },
    { path: `applications/${applying.application.id}`, name: 'application', ready: 'approve' },
    { path: 'shops', name: 'shops', ready: 'shops-table' },
    { path: 'catalogue', name: 'catalogue', ready: 'skus-table' },
    { path: 'bond-levels', name: 'bond-levels', ready: 'levels-table' },
    { path: 'bond-requests', name: 'bond-requests', ready: 'bond-requests-table' },
    { path: 'order-rules', name: 'order-rules', ready: 'rules-save' },
  ]
  for (const { path, name, ready } of pages) {
    await test.step(name, async () => {
      await page.goto(`admin/#/${path}`)
      await expect(page.getByTestId(ready)).toBeVisible()
      if (name === 'overview') await expect(page.getByTestId(ready).locator('.recharts-wrapper > svg.recharts-surface')).toBeVisible()
      if (name === 'application') await expect(page.locator('.identity-photo img.ant-image-img')).toHaveCount(2)
      if (ready.endsWith('-table')) await expect(page.getByTestId(ready).locator('.ant-table-row, .ant-empty').first()).toBeVisible()
      await expectNoSidewaysScroll(page)
      await consoleShot(page, `ar-${name}`)
    })
  }
})
