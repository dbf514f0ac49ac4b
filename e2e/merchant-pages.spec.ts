import type { Session } from '@bazaar/contract/auth'
import type { MerchantListing } from '@bazaar/contract/merchant-listings'
import type { Page } from '@playwright/test'
import { registerByApi, uniqueEmail } from './support/accounts'
import { applyByApi, cheapProducts, decideApplication, fund, listProduct, uniqueShopName } from './support/merchant'
import { addAddress, dubaiAddress, payOrders, placeOrders } from './support/orders'
import { shot } from './support/screenshot'
import { chooseLanguage, startLoggedIn } from './support/session'
import { confirmDialog, expectLanguage } from './support/shop'
import { expect, test } from './support/test'
import { expectShopToast, shopToast } from './support/toast'
import { fundedBuyer } from './support/wallet'

/**
 * The merchant centre's pages as a merchant meets them, in English and in Arabic (right to
 * left): the refused application with the reviewer's reason and its refill, the dashboard, the
 * catalogue and a product's prices at the level's ratio, the merchant's goods on and off the
 * shelf and deleted after a confirmation, the shop settings saved, an order to pay and ship
 * with its money, the pending settlements, the bond page and its contract. Screenshots at
 * 390×844 go to test-results/screenshots/{en,ar}-merchant-*.png. The whole money journey
 * (ship, settle, level up and down) is merchant-journey.spec.ts.
 */

const paymentPassword = '135790'
const reason = 'The document photo is blurred; please send a sharper one.'

/** A screenshot `<lang>-merchant-<name>.png` once the page is done; a toast of the step before is not part of the page. */
async function take(page: Page, lang: 'en' | 'ar', name: string): Promise<void> {
  await expect(shopToast(page)).toHaveCount(0, { timeout: 5_000 })
  await shot(page, `${lang}-merchant-${name}`)
}

test.describe
  .serial('the merchant centre’s pages, in English and Arabic', () => {
    let merchant: Session
    let shopName = ''
    const listings: MerchantListing[] = []
    let orderId = 0

    test.beforeAll(async () => {
      test.setTimeout(90_000)
      merchant = await registerByApi(uniqueEmail('merchant-pages'))
      shopName = uniqueShopName('Cedar Lane')
      await applyByApi(merchant.token, shopName)
      await decideApplication(shopName, { reason })
    })

    test('English: refused and refilled, then the shop, its goods, settings, orders and bond', async ({ page }) => {
      test.setTimeout(180_000)
      await startLoggedIn(page, merchant)

      await test.step('a refused application shows the reviewer’s reason and refills the same form', async () => {
        await page.goto('#/pages/shop/apply')
        await expect(page.getByTestId('application-result')).toHaveAttribute('data-status', 'rejected')
        await expect(page.getByTestId('reject-reason')).toContainText(reason)
        await take(page, 'en', 'apply-rejected')
        await page.getByTestId('refill').click()
        await expect(page.getByTestId('type-personal')).toBeChecked()
        await take(page, 'en', 'apply-type')
        await page.getByTestId('apply-next').click()
        await expect(page.getByTestId('apply-name')).toHaveValue('Erika Mustermann')
        await take(page, 'en', 'apply-identity')
        await page.getByTestId('apply-next').click()
        await expect(page.getByTestId('apply-frontPhotoUploadId-preview')).toBeVisible()
        await take(page, 'en', 'apply-documents')
        await page.getByTestId('apply-next').click()
        await expect(page.getByTestId('apply-shopName')).toHaveValue(shopName)
        await page.getByTestId('apply-addressConfirmed').click()
        await take(page, 'en', 'apply-shop')
        await page.getByTestId('apply-submit').click()
        await expect(page.getByTestId('application-result')).toHaveAttribute('data-status', 'under_review')
        await take(page, 'en', 'apply-under-review')
      })

      await test.step('approved: two catalogue products listed, a buyer orders one', async () => {
        await decideApplication(shopName, { approve: true })
        await fund(merchant.token, 30_000)
        for (const product of await cheapProducts(merchant.token, 2)) listings.push(await listProduct(merchant.token, product.productId))
        const buyer = await fundedBuyer('merchant-pages-buyer', paymentPassword, 50_000)
        const addressId = (await addAddress(buyer.token, dubaiAddress)).id
        const first = listings[0]!
        const [placed] = await placeOrders(
          buyer.token,
          [{ item: { listingId: first.id, skuId: first.skus[0]!.skuId, title: first.title }, quantity: 2 }],
          addressId,
        )
        await payOrders(buyer.token, [placed!.id], paymentPassword)
        orderId = placed!.id
      })

      await test.step('the dashboard and the catalogue with a product’s prices at the level’s ratio', async () => {
        await page.goto('#/pages/shop/index')
        await expect(page.getByTestId('dashboard-shop-name')).toHaveText(shopName)
        await expect(page.getByTestId('figure-goods').locator('dd')).toHaveText('2')
        await expect(page.getByTestId('dashboard-chart')).toBeVisible()
        await take(page, 'en', 'dashboard')
        await page.getByTestId('to-goods-add').click()
        await expect(page.getByTestId('catalogue-item').first()).toBeVisible()
        await take(page, 'en', 'goods-add')
        await page.getByTestId('catalogue-item').first().click()
        await expect(page.getByTestId('price-row').first()).toBeVisible()
        await take(page, 'en', 'goods-add-detail')
        // A fresh load of the product's link shows the same product, read from the server.
        const title = await page.getByTestId('product-title').textContent()
        await page.reload()
        await expect(page.getByTestId('product-title')).toHaveText(title ?? '')
        await expect(page.getByTestId('price-row').first()).toBeVisible()
      })

      await test.step('my goods: off the shelf and back, and one deleted after a confirmation', async () => {
        await page.goto('#/pages/shop/goods_manage')
        await expect(page.getByTestId('listing')).toHaveCount(2)
        await take(page, 'en', 'goods-manage')
        await page.goto(`#/pages/shop/goods_manage_detail?id=${listings[0]!.id}`)
        // The list's own badges are gone once the detail is open.
        await expect(page.getByTestId('listing')).toHaveCount(0)
        await expect(page.getByTestId('listing-status')).toHaveText('On sale')
        await page.getByTestId('listing-shelf').click()
        await expectShopToast(page, 'Taken off the shelf')
        await expect(page.getByTestId('listing-status')).toHaveText('Off the shelf')
        await take(page, 'en', 'goods-manage-detail')
        await page.getByTestId('listing-shelf').click()
        await expectShopToast(page, 'On sale again')
        await expect(page.getByTestId('listing-status')).toHaveText('On sale')

        await page.goto(`#/pages/shop/goods_manage_detail?id=${listings[1]!.id}`)
        await page.getByTestId('listing-delete').click()
        await expect(page.locator('.adm-dialog')).toContainText('cannot be undone')
        await confirmDialog(page, 'Delete')
        await expectShopToast(page, 'Deleted')
        await expect(page).toHaveURL(/\/pages\/shop\/goods_manage$/)
        await expect(page.getByTestId('listing')).toHaveCount(1)
      })

      await test.step('shop settings: bio, shipping fee and the countries delivered to, kept after a reload', async () => {
        await page.goto('#/pages/shop/setting')
        await page.getByTestId('settings-bio').fill('Cold-pressed oils from small farms, packed by hand.')
        await page.getByTestId('settings-freight').fill('4.50')
        await page.getByTestId('add-country').selectOption('AE')
        await page.getByTestId('add-country').selectOption('DE')
        await page.getByTestId('settings-save').click()
        await expectShopToast(page, 'Settings saved')
        await page.reload()
        await expect(page.getByTestId('settings-freight')).toHaveValue('4.50')
        await expect(page.getByTestId('ship-countries').locator('li')).toHaveCount(2)
        await take(page, 'en', 'setting')
      })

      await test.step('the order to pay and ship, the pending settlements, the bond and its contract', async () => {
        await page.goto(`#/pages/shop/orderDetail?id=${orderId}`)
        await expect(page.getByTestId('money-timeline')).toBeVisible()
        await take(page, 'en', 'order-detail')
        await page.goto('#/pages/shop/wait_order')
        await expect(page.locator(`[data-testid="settlement"][data-order-id="${orderId}"]`)).toBeVisible()
        await take(page, 'en', 'wait-order')
        await page.goto('#/pages/shop/shop_bond')
        await expect(page.getByTestId('bond-level')).toHaveText('Level 1')
        await expect(page.getByTestId('bond-rules')).toBeVisible()
        await take(page, 'en', 'bond')
        await page.getByTestId('upgrade-2').click()
        await expect(page.getByTestId('sign-amount')).toBeVisible()
        await take(page, 'en', 'bond-sign')
      })
    })

    test('Arabic, right to left: the same pages', async ({ page }) => {
      test.setTimeout(120_000)
      await chooseLanguage(page, 'ar')

      await test.step('someone without a shop is told so, with the way to apply', async () => {
        await startLoggedIn(page, await registerByApi(uniqueEmail('not-merchant-ar')))
        await page.goto('#/pages/shop/index')
        await expectLanguage(page, 'ar', 'rtl')
        await expect(page.getByText('عذرًا، لست تاجرًا بعد')).toBeVisible()
        await take(page, 'ar', 'not-merchant')
        await page.getByTestId('apply-shop').click()
        await expect(page.getByTestId('type-enterprise')).toContainText('غير متاح بعد')
        await take(page, 'ar', 'apply-type')
      })

      await test.step('the merchant’s pages', async () => {
        await page.evaluate((info) => localStorage.setItem('bazaar.userinfo', JSON.stringify(info)), merchant)
        await page.goto('#/pages/shop/index')
        await page.reload()
        await expect(page.getByTestId('dashboard-level')).toHaveText(/المستوى/)
        await expect(page.getByTestId('dashboard-chart')).toBeVisible()
        await take(page, 'ar', 'dashboard')
        const pages: [string, string, string][] = [
          ['goods_add', 'catalogue-item', 'goods-add'],
          [`goods_add_detail?id=${listings[0]!.productId}`, 'price-row', 'goods-add-detail'],
          ['goods_manage', 'listing', 'goods-manage'],
          [`goods_manage_detail?id=${listings[0]!.id}`, 'price-row', 'goods-manage-detail'],
          ['setting', 'ship-countries', 'setting'],
          [`orderDetail?id=${orderId}`, 'money-timeline', 'order-detail'],
          ['wait_order', 'settlement', 'wait-order'],
          ['shop_bond', 'bond-rules', 'bond'],
          ['shop_bond_sign?level=2', 'sign-amount', 'bond-sign'],
        ]
        for (const [path, ready, name] of pages) {
          await page.goto(`#/pages/shop/${path}`)
          await expect(page.getByTestId(ready).first()).toBeVisible()
          await expectLanguage(page, 'ar', 'rtl')
          await take(page, 'ar', name)
        }
      })
    })
  })
