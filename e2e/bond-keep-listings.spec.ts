import { BondRequest } from '@bazaar/contract/bond'
import { CataloguePage, MerchantListingPage } from '@bazaar/contract/merchant-listings'
import type { Page } from '@playwright/test'
import { registerByApi, uniqueEmail } from './support/accounts'
import { api } from './support/api'
import { approveBondRequestOf, listProduct, openShopByApi, uniqueShopName } from './support/merchant'
import { shot } from './support/screenshot'
import { chooseLanguage, startLoggedIn } from './support/session'
import { confirmDialog, expectLanguage } from './support/shop'
import { expect, test } from './support/test'
import { expectShopToast, shopToast } from './support/toast'

/**
 * Lowering the level when more goods are on the shelf than the lower level lists (SPEC §4
 * Bond: 'the merchant chooses which, or the newest first'): a level-2 shop with 52 goods asks
 * for level 1 (50 goods), picks on the bond page the two newest to stay, and after the
 * operator approves exactly the two newest it did not pick are off the shelf. Screenshots of
 * the picker at 390×844: test-results/screenshots/{en,ar}-bond-keep.png.
 */

const listingCount = 52

/** Catalogue products whose every variant sells under the low-credit cap, paging the catalogue. */
async function cheapProductIds(token: string, count: number): Promise<number[]> {
  const ids: number[] = []
  let cursor: string | null = null
  do {
    const page: { items: { productId: number; skus: { salePriceCents: number }[] }[]; nextCursor: string | null } = await api.get(
      `/api/shop/catalogue?limit=50${cursor ? `&cursor=${cursor}` : ''}`,
      CataloguePage,
      { token },
    )
    ids.push(...page.items.filter((i) => i.skus.every((s) => s.salePriceCents <= 10_000)).map((i) => i.productId))
    cursor = page.nextCursor
  } while (cursor && ids.length < count)
  if (ids.length < count) throw new Error(`only ${ids.length} catalogue products under the cap`)
  return ids.slice(0, count)
}

async function onSaleIds(token: string): Promise<number[]> {
  const { items } = await api.get('/api/shop/listings?status=on_sale&limit=100', MerchantListingPage, { token })
  return items.map((l) => l.id)
}

async function openPicker(page: Page) {
  await page.goto('#/pages/shop/shop_bond')
  await expect(page.getByTestId('bond-keep')).toBeVisible()
  await expect(page.getByTestId('bond-keep-item')).toHaveCount(20)
}

test('lowering the level: the merchant picks the goods that stay on the shelf', async ({ page }) => {
  test.setTimeout(180_000)
  const merchant = await registerByApi(uniqueEmail('bond-keep'))
  const shopName = uniqueShopName('Keep Street')
  await openShopByApi(merchant.token, shopName, 60_000)
  await api.post('/api/shop/bond/upgrade', { level: 2, signerName: 'Erika Mustermann', agreed: true }, BondRequest, {
    token: merchant.token,
    'idempotency-key': `bond-keep-${Date.now()}`,
  })
  for (const productId of await cheapProductIds(merchant.token, listingCount)) await listProduct(merchant.token, productId)
  const newestFirst = await onSaleIds(merchant.token)
  expect(newestFirst).toHaveLength(listingCount)

  await test.step('Arabic, right to left: the picker', async () => {
    await chooseLanguage(page, 'ar')
    await startLoggedIn(page, merchant)
    await openPicker(page)
    await expectLanguage(page, 'ar', 'rtl')
    await page.getByTestId('bond-keep-item').nth(0).check()
    await expect(page.getByTestId('bond-keep-count')).toHaveText('تم اختيار 1 / 50')
    await page.getByTestId('bond-keep').scrollIntoViewIfNeeded()
    await shot(page, 'ar-bond-keep')
  })

  await test.step('English: two picked, at most 50, then sent', async () => {
    await page.evaluate(() => localStorage.setItem('bazaar.lang', 'en'))
    await chooseLanguage(page, 'en')
    await page.reload()
    await openPicker(page)
    await expect(page.getByTestId('bond-keep')).toContainText('The new level keeps 50 goods on the shelf; 52 are on it now.')
    await expect(page.getByTestId('bond-keep-count')).toHaveText('0 / 50 chosen')
    const items = page.getByTestId('bond-keep-item')
    await items.nth(0).check()
    await items.nth(1).check()
    await expect(page.getByTestId('bond-keep-count')).toHaveText('2 / 50 chosen')
    await page.getByTestId('bond-keep-more').click()
    await expect(items).toHaveCount(40)
    await page.getByTestId('bond-keep').scrollIntoViewIfNeeded()
    await expect(shopToast(page)).toHaveCount(0)
    await shot(page, 'en-bond-keep')
    await page.getByTestId('bond-reason').fill('Fewer goods for the winter')
    await page.getByTestId('bond-send').click()
    await confirmDialog(page, 'Send request')
    await expectShopToast(page, 'Request sent')
    await expect(page.getByTestId('bond-change-blocked')).toContainText('A request is being reviewed')
  })

  await test.step('approved: the picked newest stay, the next newest go off', async () => {
    await approveBondRequestOf(shopName)
    const onSale = await onSaleIds(merchant.token)
    expect(onSale).toHaveLength(50)
    expect(onSale).toContain(newestFirst[0])
    expect(onSale).toContain(newestFirst[1])
    expect(onSale).not.toContain(newestFirst[2])
    expect(onSale).not.toContain(newestFirst[3])
    await page.reload()
    await expect(page.getByTestId('bond-level')).toHaveText('Level 1')
  })
})
