import { Me, type Session } from '@bazaar/contract/auth'
import { ChatMessage, Conversation, ServiceConversationPage } from '@bazaar/contract/chat'
import { Announcement } from '@bazaar/contract/notices'
import type { Browser, BrowserContext, Page } from '@playwright/test'
import sharp from 'sharp'
import { z } from 'zod'
import { demoMerchants, merchantToken, registerByApi, uniqueEmail } from './support/accounts'
import { api } from './support/api'
import { listingOf } from './support/catalog'
import { asOperator } from './support/operator'
import { shot } from './support/screenshot'
import { chooseLanguage, startLoggedIn } from './support/session'
import { confirmDialog, expectLanguage } from './support/shop'
import { expect, test } from './support/test'

/**
 * Chat in real Chromium, two people at once: a buyer (the test's page, checked for
 * accessibility like every page) and a merchant in a second browser context (another
 * device), talking live over their chat sockets. Chromium's fake microphone records the
 * voice message, so the server's audio check sees a real MediaRecorder file. Also: the
 * counters, customer service answered by an operator, and screenshots in English and Arabic.
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

const shop = { ...demoMerchants.street, name: 'Loom & Thread' }

/** The merchant's session as the shop stores it (token and person), from global setup's login. */
async function merchantSession(): Promise<Session> {
  const token = await merchantToken('street')
  return { token, expiresAtMs: Date.now() + 3_600_000, user: await api.get('/api/me', Me, { token }) }
}

/** A second device: its own context (storage, socket) with the shop open as `session`. */
async function device(browser: Browser, session: Session): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
    serviceWorkers: 'block',
  })
  const page = await context.newPage()
  await startLoggedIn(page, session)
  return { context, page }
}

/** Sends a message through the API, as the other side's app would. */
function send(token: string, conversationId: number, body: object) {
  return api.post(`/api/chat/conversations/${conversationId}/messages`, body, ChatMessage, { token })
}

test('a buyer and a merchant talk live: text, a product card, a photo, a voice message, a warning and a recall', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000)
  // The merchant in the test's own page (checked for accessibility), the buyer on a second
  // device (its own context: Chromium's fake microphone answers there).
  const { listingId } = await listingOf(shop.shopId)
  const buyer = await device(browser, await registerByApi(uniqueEmail('chat-buyer')))
  await startLoggedIn(page, await merchantSession())

  await test.step('the merchant waits on the message centre; the buyer writes from a product page', async () => {
    await page.goto('#/pages/message/index')
    await expect(page.getByTestId('tab-system')).toBeVisible()
    await buyer.page.goto(`#/pages/product/goods?id=${listingId}`)
    await buyer.page.getByTestId('contact-merchant').click()
    await expect(buyer.page.getByRole('banner').getByText(shop.name)).toBeVisible()
    await buyer.page.getByTestId('send-goods').click()
    await expect(buyer.page.getByTestId('goods-card')).toBeVisible()
    await buyer.page.getByTestId('chat-input').fill('Hello! Is this still available in blue?')
    await buyer.page.getByTestId('chat-send').click()
  })

  await test.step('live, without a reload: the conversation appears with two unread messages', async () => {
    const row = page.getByTestId('conversation').filter({ hasText: 'Is this still available in blue?' })
    await expect(row).toBeVisible()
    await expect(row.getByTestId('conversation-unread')).toHaveText('2')
    await row.click()
    await expect(page.getByTestId('message').filter({ hasText: 'Is this still available in blue?' })).toBeVisible()
    await expect(page.getByTestId('goods-card')).toBeVisible()
  })

  await test.step('the merchant asks to be paid outside: the buyer sees it live, with the warning', async () => {
    await page.getByTestId('chat-input').fill('Yes! Cheaper if you pay me directly: TJRabPrwbZy45sbavfcjinPJC18kjpRTv8')
    await page.keyboard.press('Enter')
    const risky = buyer.page.getByTestId('message').filter({ hasText: 'pay me directly' })
    await expect(risky).toBeVisible()
    await expect(risky.getByTestId('safety-warning')).toHaveText('Pay only through Bazaar: payments outside it are not protected')
    await expect(page.getByTestId('safety-warning')).toHaveCount(0)
  })

  await test.step("a photo, and a voice message recorded with Chromium's fake microphone", async () => {
    const photo = await sharp({ create: { width: 120, height: 90, channels: 3, background: '#3b82f6' } })
      .png()
      .toBuffer()
    await buyer.page.getByTestId('photo-input').setInputFiles({ name: 'colour.png', mimeType: 'image/png', buffer: photo })
    await expect(page.locator('img[src^="blob:"]')).toBeVisible()
    await buyer.page.getByTestId('voice-start').click()
    await buyer.page.waitForTimeout(1_600)
    await buyer.page.getByTestId('voice-stop').click()
    await expect(page.getByTestId('voice-message')).toBeVisible({ timeout: 15_000 })
  })

  await test.step("the buyer recalls the first text; the merchant's screen says so", async () => {
    await buyer.page.getByTestId('message').filter({ hasText: 'Is this still available in blue?' }).getByTestId('recall').click()
    await confirmDialog(buyer.page, 'Recall')
    await expect(page.getByText('The other side recalled a message')).toBeVisible()
  })
  await buyer.context.close()
})

test('unread counts rise with messages, and mark all read zeroes them after asking', async ({ page }) => {
  const buyer = await registerByApi(uniqueEmail('chat-counts'))
  const shopToken = await merchantToken('street')
  await startLoggedIn(page, buyer)
  await page.goto('#/pages/member/index')
  await expect(page.getByTestId('to-messages')).toBeVisible()

  // The buyer writes first (merchants answer), then the merchant's answers arrive live.
  const chat = await api.post('/api/chat/conversations', { shopId: shop.shopId }, Conversation, { token: buyer.token })
  await send(buyer.token, chat.id, { type: 'text', text: 'Hi' })
  for (const text of ['One', 'Two', 'Three']) await send(shopToken, chat.id, { type: 'text', text })
  // The member page's badge counts every unread message (an operator's announcement from a
  // spec running beside this one too); the conversation's own count is exactly the three.
  await expect(page.getByTestId('to-messages')).toContainText(/\d/)

  await page.getByTestId('to-messages').click()
  await expect(page.getByTestId('conversation-unread')).toHaveText('3')
  await page.getByTestId('read-all').click()
  await confirmDialog(page, 'Mark all read')
  await expect(page.getByTestId('conversation-unread')).toHaveCount(0)
  await page.goto('#/pages/member/index')
  await expect(page.getByTestId('to-messages')).not.toContainText('3')
})

test('customer service: the member page opens the service page with its QR code; an operator answers live', async ({ page }) => {
  const buyer = await registerByApi(uniqueEmail('chat-service'))
  await startLoggedIn(page, buyer)
  await page.goto('#/pages/member/index')
  await page.getByTestId('to-service').click()
  await expect(page.getByTestId('service-qr').locator('svg')).toBeVisible()
  await page.getByTestId('service-chat').click()
  await page.getByTestId('chat-input').fill('Where is my refund?')
  await page.getByTestId('chat-send').click()
  await expect(page.getByTestId('message').filter({ hasText: 'Where is my refund?' })).toBeVisible()

  const operator = await asOperator()
  const inbox = await api.get('/api/admin/service/conversations', ServiceConversationPage, operator)
  const mine = inbox.items.find((c) => c.buyer.id === buyer.user.id)
  if (!mine) throw new Error('the service conversation is not in the inbox')
  await api.post(
    `/api/admin/service/conversations/${mine.id}/messages`,
    { text: 'It is on its way to your wallet.' },
    ChatMessage,
    operator,
  )
  await expect(page.getByTestId('message').filter({ hasText: 'It is on its way to your wallet.' })).toBeVisible()
})

for (const { tag, dir } of [
  { tag: 'en', dir: 'ltr' },
  { tag: 'ar', dir: 'rtl' },
] as const) {
  test(`screenshots in ${tag}: message centre, system notices, chat, customer service`, async ({ page }) => {
    const buyer = await registerByApi(uniqueEmail(`chat-shots-${tag}`))
    const merchant = await merchantToken('street')
    const { listingId } = await listingOf(shop.shopId)
    const chat = await api.post('/api/chat/conversations', { shopId: shop.shopId }, Conversation, { token: buyer.token })
    await send(buyer.token, chat.id, { type: 'goods', listingId })
    await send(buyer.token, chat.id, {
      type: 'text',
      text: tag === 'ar' ? 'مرحبًا، هل هذا متوفر باللون الأزرق؟' : 'Hello! Is this available in blue?',
    })
    await send(merchant, chat.id, { type: 'text', text: tag === 'ar' ? 'نعم، ويُشحن اليوم.' : 'Yes, and it ships today.' })
    await send(merchant, chat.id, { type: 'text', text: 'WhatsApp +44 20 7946 0000 — pay me directly, cheaper!' })
    const body = { title: 'Maintenance on Sunday', body: 'The shop is read-only 02:00–02:10 UTC.' }
    await api.post('/api/admin/notices', body, Announcement, await asOperator())

    await chooseLanguage(page, tag)
    await startLoggedIn(page, buyer)
    const pages = [
      { name: 'messages', path: '#/pages/message/index', ready: page.getByTestId('conversation').first() },
      { name: 'messages-system', path: '#/pages/message/index?tab=system', ready: page.getByTestId('notice').first() },
      { name: 'chat', path: `#/pages/message/chat?id=${chat.id}`, ready: page.getByTestId('safety-warning') },
      { name: 'service', path: '#/pages/member/service', ready: page.getByTestId('service-qr') },
    ]
    for (const { name, path, ready } of pages) {
      await page.goto(path)
      await expect(ready).toBeVisible()
      await expectLanguage(page, tag, dir)
      await shot(page, `${tag}-chat-${name}`)
    }
  })
}

test('each message says when it was sent; mine say “Read” once the other side has read them, live and after a reload', async ({ page }) => {
  const buyer = await registerByApi(uniqueEmail('chat-read'))
  const merchant = await merchantToken('street')
  const chat = await api.post('/api/chat/conversations', { shopId: shop.shopId }, Conversation, { token: buyer.token })
  const asked = await send(buyer.token, chat.id, { type: 'text', text: 'Do you ship to Oman?' })
  await startLoggedIn(page, buyer)
  await page.goto(`/pages/message/chat?id=${chat.id}`)
  const mine = page.getByTestId('message').filter({ hasText: 'Do you ship to Oman?' })

  await test.step('under 5 minutes: “just now”; not read yet', async () => {
    await expect(mine.getByTestId('message-time')).toHaveText('just now')
    await expect(mine.getByTestId('message-read')).toHaveCount(0)
  })

  await test.step('the merchant reads it elsewhere: “Read” appears without a reload, and stays after one', async () => {
    await api.post(`/api/chat/conversations/${chat.id}/read`, {}, z.null(), { token: merchant })
    await expect(mine.getByTestId('message-read')).toHaveText('Read')
    await send(merchant, chat.id, { type: 'text', text: 'Yes, in five days.' })
    const answer = page.getByTestId('message').filter({ hasText: 'Yes, in five days.' })
    await expect(answer).toBeVisible()
    // Only my own messages carry a read mark.
    await expect(answer.getByTestId('message-read')).toHaveCount(0)
    await page.reload()
    await expect(mine.getByTestId('message-read')).toHaveText('Read')
  })

  await test.step('later: minutes, hours and days under 30 days, then the date', async () => {
    for (const { laterMs, text } of [
      { laterMs: 12 * 60_000, text: /^1[23] minutes ago$/ },
      { laterMs: 3 * 3_600_000 + 60_000, text: /^3 hours ago$/ },
      { laterMs: 3 * 86_400_000 + 60_000, text: /^3 days ago$/ },
      { laterMs: 40 * 86_400_000, text: new RegExp(String(new Date(asked.createdAtMs).getFullYear())) },
    ]) {
      await page.clock.setFixedTime(asked.createdAtMs + laterMs)
      await page.reload()
      await expect(mine.getByTestId('message-time')).toHaveText(text)
    }
  })
})

test('voice: while recording, a tap on “Recording… tap to send” sends the clip', async ({ page, browser }) => {
  const session = await registerByApi(uniqueEmail('chat-voice'))
  const chat = await api.post('/api/chat/conversations', { shopId: shop.shopId }, Conversation, { token: session.token })
  // The recording device is its own context (Chromium's fake microphone answers there); the page watches.
  const buyer = await device(browser, session)
  await buyer.page.goto(`/pages/message/chat?id=${chat.id}`)
  await buyer.page.getByTestId('voice-start').click()
  await buyer.page.waitForTimeout(1_600)
  await buyer.page.getByRole('button', { name: /Recording… tap to send/ }).click()
  await expect(buyer.page.getByTestId('voice-message')).toBeVisible({ timeout: 15_000 })
  await buyer.context.close()
  await startLoggedIn(page, session)
  await page.goto(`/pages/message/chat?id=${chat.id}`)
  await expect(page.getByTestId('voice-message')).toBeVisible()
})
