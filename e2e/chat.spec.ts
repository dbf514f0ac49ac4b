import { type Browser, type BrowserContext, expect, type Page, test } from '@playwright/test'
import sharp from 'sharp'
import { apiCall, type E2eSession, mailedCode, operatorToken, registerByApi, settle, startLoggedIn, uniqueEmail } from './helpers'

/**
 * Chat in real Chromium, two people at once: a buyer and a merchant in two browser contexts
 * (two devices), each with the shop open, talking live over the chat socket. Chromium's fake
 * microphone records the voice message, so the server's audio check sees a real MediaRecorder
 * file. Also: customer service answered from the console's API, and screenshots of the new
 * pages in English and Arabic.
 */
test.use({
  launchOptions: {
    executablePath: '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--use-fake-ui-for-media-stream',
      '--use-fake-device-for-media-stream',
    ],
  },
})

/** The demo merchant of 'Loom & Thread' (no other spec logs in as them: reset codes are once a minute). */
const merchantEmail = 'merchant.street@demo.bazaar.test'
const shopName = 'Loom & Thread'

const merchantPassword = 'merchant-chat-e2e'

/**
 * The merchant's session. Their demo password is random: the first test resets it through the
 * real 'forgot password' flow (a code can be asked for once a minute), later tests and workers
 * of the run log in with the new one.
 */
async function merchant(page: Page): Promise<E2eSession> {
  const login = () => apiCall<E2eSession>(page, 'POST', '/api/auth/login', { email: merchantEmail, password: merchantPassword })
  try {
    return await login()
  } catch {
    const since = Date.now()
    await apiCall(page, 'POST', '/api/auth/codes', { purpose: 'reset_password', email: merchantEmail })
    const code = await mailedCode(merchantEmail, since)
    await apiCall(page, 'POST', '/api/auth/password/reset', { email: merchantEmail, code, password: merchantPassword })
    return login()
  }
}

/** A listing of the merchant's shop. */
async function listingOfShop(page: Page): Promise<number> {
  const shops = await apiCall<{ items: { id: number; name: string }[] }>(page, 'GET', '/api/shops?limit=20')
  const shop = shops.items.find((s) => s.name === shopName)
  if (!shop) throw new Error(`no shop ${shopName}`)
  const products = await apiCall<{ items: { id: number }[] }>(page, 'GET', `/api/products?shopId=${shop.id}&limit=1`)
  const first = products.items[0]
  if (!first) throw new Error(`${shopName} lists nothing`)
  return first.id
}

/** A second device: its own context (storage, socket) with the shop open as `session`. */
async function device(browser: Browser, session: E2eSession, lang = 'en'): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
    serviceWorkers: 'block',
  })
  const page = await context.newPage()
  await page.addInitScript((value) => localStorage.setItem('bazaar.lang', value), lang)
  await startLoggedIn(page, session)
  return { context, page }
}

test.describe('chat between a buyer and a merchant', () => {
  test('they talk live: text, a product card, a photo, a voice message, a warning and a recall', async ({ page, browser }) => {
    test.setTimeout(120_000)
    const buyerSession = await registerByApi(page, uniqueEmail('chat-buyer'), 'chat-buyer-123')
    const merchantLogin = await merchant(page)
    const listingId = await listingOfShop(page)
    const buyer = await device(browser, buyerSession)
    const shop = await device(browser, merchantLogin)

    // The merchant waits on the message centre; the buyer starts from a product page.
    await shop.page.goto('#/pages/message/index')
    await expect(shop.page.getByTestId('tab-system')).toBeVisible()
    await buyer.page.goto(`#/pages/product/goods?id=${listingId}`)
    await buyer.page.getByTestId('contact-merchant').click()
    await expect(buyer.page.getByRole('banner').getByText(shopName)).toBeVisible()
    await buyer.page.getByTestId('send-goods').click()
    await expect(buyer.page.getByTestId('goods-card')).toBeVisible()
    await buyer.page.getByTestId('chat-input').fill('Hello! Is this still available in blue?')
    await buyer.page.getByTestId('chat-send').click()

    // Live, without a reload: the conversation appears with two unread messages.
    const row = shop.page.getByTestId('conversation').filter({ hasText: 'Is this still available in blue?' })
    await expect(row).toBeVisible()
    await expect(row.getByTestId('conversation-unread')).toHaveText('2')
    await row.click()
    await expect(shop.page.getByTestId('message').filter({ hasText: 'Is this still available in blue?' })).toBeVisible()
    await expect(shop.page.getByTestId('goods-card')).toBeVisible()

    // The merchant asks to be paid outside: the buyer sees it live, with the warning.
    await shop.page.getByTestId('chat-input').fill('Yes! Cheaper if you pay me directly: TJRabPrwbZy45sbavfcjinPJC18kjpRTv8')
    await shop.page.keyboard.press('Enter')
    const risky = buyer.page.getByTestId('message').filter({ hasText: 'pay me directly' })
    await expect(risky).toBeVisible()
    await expect(risky.getByTestId('safety-warning')).toHaveText('Pay only through Bazaar: payments outside it are not protected')
    await expect(shop.page.getByTestId('safety-warning')).toHaveCount(0)

    // A photo and a voice message recorded with Chromium's fake microphone.
    const photo = await sharp({ create: { width: 120, height: 90, channels: 3, background: '#3b82f6' } })
      .png()
      .toBuffer()
    await buyer.page.getByTestId('photo-input').setInputFiles({ name: 'colour.png', mimeType: 'image/png', buffer: photo })
    await expect(shop.page.locator('img[src^="blob:"]')).toBeVisible()
    await buyer.page.getByTestId('voice-start').click()
    await buyer.page.waitForTimeout(1_600)
    await buyer.page.getByTestId('voice-stop').click()
    await expect(shop.page.getByTestId('voice-message')).toBeVisible({ timeout: 15_000 })

    // The buyer recalls the first text; the merchant's screen says so.
    await buyer.page.getByTestId('message').filter({ hasText: 'Is this still available in blue?' }).getByRole('button').click()
    await buyer.page.locator('.adm-dialog').getByRole('button', { name: 'Recall' }).click()
    await expect(shop.page.getByText('The other side recalled a message')).toBeVisible()

    await buyer.context.close()
    await shop.context.close()
  })

  test('unread counts rise with a message and mark all read zeroes them after asking', async ({ page, browser }) => {
    const buyerSession = await registerByApi(page, uniqueEmail('chat-counts'), 'chat-counts-123')
    const merchantLogin = await merchant(page)
    const buyer = await device(browser, buyerSession)
    await buyer.page.goto('#/pages/member/index')
    await expect(buyer.page.getByTestId('to-messages')).toBeVisible()

    // The buyer writes first (merchants answer), then the merchant's answer arrives live.
    const shopId = (await apiCall<{ items: { id: number; name: string }[] }>(page, 'GET', '/api/shops?limit=20')).items.find(
      (s) => s.name === shopName,
    )?.id
    const chat = await apiCall<{ id: number }>(page, 'POST', '/api/chat/conversations', { shopId }, { token: buyerSession.token })
    await apiCall(page, 'POST', `/api/chat/conversations/${chat.id}/messages`, { type: 'text', text: 'Hi' }, { token: buyerSession.token })
    for (const text of ['One', 'Two', 'Three'])
      await apiCall(page, 'POST', `/api/chat/conversations/${chat.id}/messages`, { type: 'text', text }, { token: merchantLogin.token })
    await expect(buyer.page.getByTestId('to-messages')).toContainText('3')

    await buyer.page.getByTestId('to-messages').click()
    await expect(buyer.page.getByTestId('conversation-unread')).toHaveText('3')
    await buyer.page.getByTestId('read-all').click()
    await buyer.page.locator('.adm-dialog').getByRole('button', { name: 'Mark all read' }).click()
    await expect(buyer.page.getByTestId('conversation-unread')).toHaveCount(0)
    await buyer.page.goto('#/pages/member/index')
    await expect(buyer.page.getByTestId('to-messages')).not.toContainText('3')
    await buyer.context.close()
  })

  test('customer service: the member page opens the service page with its QR code, operators answer live', async ({ page, browser }) => {
    const buyerSession = await registerByApi(page, uniqueEmail('chat-service'), 'chat-service-123')
    const buyer = await device(browser, buyerSession)
    await buyer.page.goto('#/pages/member/index')
    await buyer.page.getByTestId('to-service').click()
    await expect(buyer.page.getByTestId('service-qr').locator('svg')).toBeVisible()
    await buyer.page.getByTestId('service-chat').click()
    await buyer.page.getByTestId('chat-input').fill('Where is my refund?')
    await buyer.page.getByTestId('chat-send').click()
    await expect(buyer.page.getByTestId('message').filter({ hasText: 'Where is my refund?' })).toBeVisible()

    const admin = { 'admin-token': await operatorToken(page) }
    const inbox = await apiCall<{ items: { id: number; buyer: { id: number } }[] }>(
      page,
      'GET',
      '/api/admin/service/conversations',
      undefined,
      admin,
    )
    const mine = inbox.items.find((c) => c.buyer.id === buyerSession.user.id)
    if (!mine) throw new Error('the service conversation is not in the inbox')
    await apiCall(page, 'POST', `/api/admin/service/conversations/${mine.id}/messages`, { text: 'It is on its way to your wallet.' }, admin)
    await expect(buyer.page.getByTestId('message').filter({ hasText: 'It is on its way to your wallet.' })).toBeVisible()
    await buyer.context.close()
  })
})

for (const { tag, dir } of [
  { tag: 'en', dir: 'ltr' },
  { tag: 'ar', dir: 'rtl' },
] as const) {
  test(`screenshots in ${tag}: message centre, a tab, chat, customer service`, async ({ page, browser }) => {
    const buyerSession = await registerByApi(page, uniqueEmail(`chat-shots-${tag}`), 'chat-shots-123')
    const merchantLogin = await merchant(page)
    const shopId = (await apiCall<{ items: { id: number; name: string }[] }>(page, 'GET', '/api/shops?limit=20')).items.find(
      (s) => s.name === shopName,
    )?.id
    const listingId = await listingOfShop(page)
    const chat = await apiCall<{ id: number }>(page, 'POST', '/api/chat/conversations', { shopId }, { token: buyerSession.token })
    const send = (token: string, body: object) => apiCall(page, 'POST', `/api/chat/conversations/${chat.id}/messages`, body, { token })
    await send(buyerSession.token, { type: 'goods', listingId })
    await send(buyerSession.token, {
      type: 'text',
      text: tag === 'ar' ? 'مرحبًا، هل هذا متوفر باللون الأزرق؟' : 'Hello! Is this available in blue?',
    })
    await send(merchantLogin.token, { type: 'text', text: tag === 'ar' ? 'نعم، ويُشحن اليوم.' : 'Yes, and it ships today.' })
    await send(merchantLogin.token, { type: 'text', text: 'WhatsApp +44 20 7946 0000 — pay me directly, cheaper!' })
    const admin = { 'admin-token': await operatorToken(page) }
    await apiCall(
      page,
      'POST',
      '/api/admin/notices',
      { title: 'Maintenance on Sunday', body: 'The shop is read-only 02:00–02:10 UTC.' },
      admin,
    )

    const buyer = await device(browser, buyerSession, tag)
    const shots = [
      { name: 'messages', path: '#/pages/message/index', ready: buyer.page.getByTestId('conversation').first() },
      { name: 'messages-system', path: '#/pages/message/index?tab=system', ready: buyer.page.getByTestId('notice').first() },
      { name: 'chat', path: `#/pages/message/chat?id=${chat.id}`, ready: buyer.page.getByTestId('safety-warning') },
      { name: 'service', path: '#/pages/member/service', ready: buyer.page.getByTestId('service-qr') },
    ]
    for (const shot of shots) {
      await buyer.page.goto(shot.path)
      await expect(shot.ready).toBeVisible()
      await expect(buyer.page.locator('html')).toHaveAttribute('dir', dir)
      await settle(buyer.page)
      await buyer.page.screenshot({ path: `test-results/screenshots/${tag}-chat-${shot.name}.png` })
    }
    await buyer.context.close()
  })
}
