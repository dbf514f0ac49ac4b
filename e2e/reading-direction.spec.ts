import type { Page } from '@playwright/test'
import { registerByApi, uniqueEmail } from './support/accounts'
import { addAddress } from './support/orders'
import { shot } from './support/screenshot'
import { chooseLanguage, startLoggedIn } from './support/session'
import { expectLanguage } from './support/shop'
import { expect, test } from './support/test'

/**
 * Arabic reads right to left, and the shop mirrors what English does rather than doing
 * something else (issue 22): the order and coupon tab strips keep the same inset at their
 * start and end, mirrored, so neither the first nor the last tab touches the edge; an address
 * joins its parts with the language's own list separator ('،' in Arabic, not a Latin comma).
 * Screenshots: test-results/screenshots/{en,ar}-direction-*.png.
 */

/** Insets in px; `scrolls`: the strip is wider than the screen (its end is reached by scrolling). */
type Insets = { opened: number; tapped: number; end: number; scrolls: boolean }

/**
 * How far the first tab's title sits from the strip's start (as opened, and after a tap on
 * its third tab), and the last tab's title from the strip's end once scrolled there, in the
 * page's reading direction.
 */
async function tabInsets(page: Page, prefix: string): Promise<Insets> {
  const list = page.getByRole('tablist').first()
  const titles = list.locator(`[data-testid^="${prefix}"]`)
  await expect(titles.first()).toBeVisible()
  const rtl = (await page.locator('html').getAttribute('dir')) === 'rtl'
  const settled = () => page.waitForTimeout(600)
  const startInset = async (): Promise<number> => {
    const [strip, first] = [await list.boundingBox(), await titles.first().boundingBox()]
    if (!strip || !first) throw new Error('no tab strip')
    return Math.round(rtl ? strip.x + strip.width - (first.x + first.width) : first.x - strip.x)
  }
  await settled()
  const opened = await startInset()
  await titles.nth(2).click()
  await settled()
  const tapped = await startInset()
  // To the strip's end in the reading direction (scrollLeft runs negative in right to left).
  await list.evaluate((el, toLeft) => el.scrollTo({ left: toLeft ? -el.scrollWidth : el.scrollWidth, behavior: 'instant' }), rtl)
  await settled()
  const [strip, last] = [await list.boundingBox(), await titles.last().boundingBox()]
  if (!strip || !last) throw new Error('no tab strip')
  const end = Math.round(rtl ? last.x - strip.x : strip.x + strip.width - (last.x + last.width))
  const scrolls = await list.evaluate((el) => el.scrollWidth > el.clientWidth + 1)
  return { opened, tapped, end, scrolls }
}

test('the order and coupon tab strips keep their inset in Arabic, mirrored', async ({ page }) => {
  const buyer = await registerByApi(uniqueEmail('direction-tabs'))
  await startLoggedIn(page, buyer)
  const strips = [
    { name: 'orders', path: '/pages/member/order', prefix: 'tab-' },
    { name: 'coupons', path: '/pages/member/coupon', prefix: 'coupon-tab-' },
  ]
  const english: Record<string, Insets> = {}
  for (const { name, path, prefix } of strips) {
    await page.goto(path)
    english[name] = await tabInsets(page, prefix)
    expect(english[name]!.opened, `${name}: the first tab is inset in English`).toBeGreaterThan(4)
    expect(english[name]!.end, `${name}: the last tab is inset in English`).toBeGreaterThan(4)
    await shot(page, `en-direction-${name}-tabs`)
  }
  await page.evaluate(() => localStorage.setItem('bazaar.lang', 'ar'))
  for (const { name, path, prefix } of strips) {
    await page.goto(path)
    await expectLanguage(page, 'ar', 'rtl')
    const arabic = await tabInsets(page, prefix)
    for (const at of ['opened', 'tapped'] as const)
      expect(Math.abs(arabic[at] - english[name]![at]), `${name} (${at}): the inset of English, mirrored`).toBeLessThanOrEqual(1)
    // The end inset is the strip's own where both scroll to it; where the Arabic titles are
    // shorter and the strip fits, the last tab only has to stand clear of the edge.
    if (arabic.scrolls && english[name]!.scrolls)
      expect(Math.abs(arabic.end - english[name]!.end), `${name} (end): the inset of English, mirrored`).toBeLessThanOrEqual(1)
    else expect(arabic.end, `${name}: the last tab is inset in Arabic`).toBeGreaterThan(4)
    await shot(page, `ar-direction-${name}-tabs`)
  }
})

for (const { lang, dir, place } of [
  { lang: 'en', dir: 'ltr', place: 'Dubai, Dubai, 00000, United Arab Emirates' },
  { lang: 'ar', dir: 'rtl', place: 'Dubai، Dubai، 00000، الإمارات العربية المتحدة' },
] as const) {
  test(`${lang}: an address joins its parts with the language's list separator`, async ({ page }) => {
    const buyer = await registerByApi(uniqueEmail(`direction-address-${lang}`))
    await addAddress(buyer.token, {
      name: 'Lina Haddad',
      mobile: '+971 50 123 4567',
      country: 'AE',
      province: 'Dubai',
      city: 'Dubai',
      zipCode: '00000',
      address: '12 Palm Jumeirah Road',
      isDefault: true,
    })
    await chooseLanguage(page, lang)
    await startLoggedIn(page, buyer)
    await page.goto('/pages/member/address')
    await expectLanguage(page, lang, dir)
    const card = page.getByTestId('address-card').first()
    await expect(card.getByText(place, { exact: true })).toBeVisible()
    await shot(page, `${lang}-direction-address`)
  })
}
