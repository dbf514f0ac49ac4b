import { expect, type Page } from '@playwright/test'

/** Chooses the interface language before the app starts (the member page's picker stores it). */
export async function useLanguage(page: Page, lang: 'automatic' | string): Promise<void> {
  await page.addInitScript((value) => localStorage.setItem('bazaar.lang', value), lang)
}

/** Waits until the network is quiet and every image in view has loaded (no half-drawn shots). */
export async function settle(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle')
  await page.waitForFunction(() =>
    [...document.images].every((img) => {
      const r = img.getBoundingClientRect()
      const inView = r.bottom > 0 && r.top < window.innerHeight && r.right > 0 && r.left < window.innerWidth && r.width > 0
      return !inView || (img.complete && img.naturalWidth > 0)
    }),
  )
  // Skeletons fade in after 200 ms; give any late one time to be replaced.
  await page.waitForTimeout(300)
}

/** The listing and shop ids of a real product, from the API the shop uses. */
export async function firstListing(page: Page): Promise<{ listingId: number; shopId: number }> {
  const reply = await page.request.get('/api/products?limit=1&sort=sales')
  expect(reply.ok()).toBe(true)
  const body = (await reply.json()) as { data: { items: { id: number; shop: { id: number } }[] } }
  const item = body.data.items[0]
  if (!item) throw new Error('the catalogue has no listing')
  return { listingId: item.id, shopId: item.shop.id }
}

/** Prices (integer cents) of the product cards on screen, in order. */
export async function cardPrices(page: Page): Promise<number[]> {
  return page
    .getByTestId('product-card')
    .evaluateAll((cards) => cards.map((card) => Number(card.querySelector('[data-cents]')?.getAttribute('data-cents'))))
}
