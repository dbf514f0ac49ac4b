import { shot } from './support/screenshot'
import { chooseLanguage } from './support/session'
import { expect, test } from './support/test'

/**
 * Toasts wrap at word boundaries (antd-mobile's own style broke words at any letter), and
 * only a string with no break opportunity (a hash) breaks anywhere. One long message in four
 * scripts at 390×844, screenshots in test-results/screenshots/ for people to look at.
 */
const languages = [
  { tag: 'en', wordsWhole: true },
  { tag: 'ar', wordsWhole: true },
  { tag: 'th', wordsWhole: true },
  // Chinese may break between any two characters (CSS line breaking for ideographs): look at the shot.
  { tag: 'zh-Hans', wordsWhole: false },
] as const

for (const { tag, wordsWhole } of languages) {
  test(`a long toast wraps between words in ${tag}`, async ({ page }) => {
    await chooseLanguage(page, tag)
    // The longest refusal text of the catalogue, answered to the first call of the page.
    await page.route('**/api/categories', (route) =>
      route.fulfill({
        status: 503,
        contentType: 'application/json',
        body: JSON.stringify({ code: 0, msg: 'Image processing busy', data: { message: '' } }),
      }),
    )
    await page.goto('#/pages/classify')
    const toast = page.locator('.adm-toast-main')
    await expect(toast).toBeVisible()
    await shot(page, `${tag}-toast`)
    await expect(toast).toHaveCSS('word-break', 'normal')
    await expect(toast).toHaveCSS('overflow-wrap', 'anywhere')

    // Every word (as the browser's own segmenter finds them) sits on one line.
    const split = await toast.evaluate((element, lang) => {
      const text = element.textContent ?? ''
      const node = document.createTreeWalker(element, NodeFilter.SHOW_TEXT).nextNode()
      if (!node || !text.trim()) return ['no text']
      const broken: string[] = []
      for (const { segment, index, isWordLike } of new Intl.Segmenter(lang, { granularity: 'word' }).segment(node.textContent ?? '')) {
        if (!isWordLike) continue
        const range = document.createRange()
        range.setStart(node, index)
        range.setEnd(node, index + segment.length)
        const lines = new Set([...range.getClientRects()].map((r) => Math.round(r.top)))
        if (lines.size > 1) broken.push(segment)
      }
      return broken
    }, tag)
    if (wordsWhole) expect(split).toEqual([])

    // A hash has no break opportunity: it breaks anywhere rather than overflow the toast.
    const overflow = await toast.evaluate((element) => {
      const node = document.createTreeWalker(element, NodeFilter.SHOW_TEXT).nextNode()
      if (node) node.textContent = `0x${'9f3c'.repeat(16)}`
      return { scroll: element.scrollWidth, client: element.clientWidth, width: element.getBoundingClientRect().width }
    })
    expect(overflow.scroll).toBeLessThanOrEqual(overflow.client)
    expect(overflow.width).toBeLessThanOrEqual(280)
  })
}
