import { expect, type Page, test } from '@playwright/test'
import { apiCall, type E2eSession, e2eDataDir, mailedCode, registerByApi, settle, startLoggedIn, uniqueEmail, useLanguage } from './helpers'

/**
 * Account safety in the shop (ARCHITECTURE.md, Sensitive changes and Passwords): a new e-mail
 * needs the current password as well as the code; a buyer without a payment password is sent
 * to set one before paying, and comes back to pay; and screenshots of the pages that ask.
 */

const password = 'safety-pass-1'

/** The text of the newest mail to `email` in the server's outbox that is not a code (a security notice). */
async function noticeTo(email: string): Promise<string> {
  const { readdir, readFile } = await import('node:fs/promises')
  const dir = `${e2eDataDir()}/outbox`
  for (let attempt = 0; attempt < 40; attempt++) {
    for (const file of (await readdir(dir)).sort().reverse()) {
      const text = await readFile(`${dir}/${file}`, 'utf8')
      if (text.includes(`To: ${email}`) && !text.includes('verification code is')) return text.replace(/=\r?\n/g, '')
    }
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
  throw new Error(`no notice mailed to ${email}`)
}

/** An unpaid order of `session` for the first listing with stock (an address saved on the way). */
async function unpaidOrder(page: Page, session: E2eSession): Promise<number> {
  const auth = { token: session.token }
  const { items } = await apiCall<{ items: { id: number }[] }>(page, 'GET', '/api/products?limit=10&sort=sales')
  for (const item of items) {
    const detail = await apiCall<{ id: number; skus: { id: number; stock: number }[] }>(page, 'GET', `/api/products/${item.id}`)
    const sku = detail.skus.find((s) => s.stock >= 5)
    if (!sku) continue
    const address = await apiCall<{ id: number }>(
      page,
      'POST',
      '/api/addresses',
      { name: 'Rania Aziz', mobile: '+971 50 765 4321', country: 'AE', city: 'Dubai', address: '3 Creek Road' },
      auth,
    )
    const placed = await apiCall<{ items: { id: number }[] }>(
      page,
      'POST',
      '/api/orders',
      { lines: [{ listingId: detail.id, skuId: sku.id, quantity: 1 }], addressId: address.id },
      auth,
    )
    return placed.items[0]?.id ?? 0
  }
  throw new Error('no listing with stock')
}

test('a new e-mail needs the current password besides the code; the old address is told', async ({ page }) => {
  const email = uniqueEmail('mover')
  const newEmail = uniqueEmail('moved')
  const session = await registerByApi(page, email, password)
  await startLoggedIn(page, session)
  await page.goto('/#/pages/member/email_edit')
  await page.getByTestId('email-new').locator('input').fill(newEmail)
  const sentAt = Date.now()
  await page.getByTestId('send-code').click()
  await page
    .getByTestId('email-code')
    .locator('input')
    .fill(await mailedCode(newEmail, sentAt))
  await page.getByTestId('email-current-password').locator('input').fill('not-my-password')
  await page.getByTestId('email-save').click()
  await expect(page.getByRole('alert').filter({ hasText: 'The password is incorrect' })).toBeVisible()
  await page.getByTestId('email-current-password').locator('input').fill(password)
  await page.getByTestId('email-save').click()
  await expect(page.locator('.adm-toast-main').filter({ hasText: 'Email changed' })).toBeVisible()
  const me = await apiCall<{ email: string }>(page, 'GET', '/api/me', undefined, { token: session.token })
  expect(me.email).toBe(newEmail)
  expect(await noticeTo(email)).toMatch(/was changed to \w\*\*\*@example\.com/)
})

test('a buyer without a payment password is sent to set one first, then comes back to pay', async ({ page }) => {
  const session = await registerByApi(page, uniqueEmail('no-pin'), password)
  const orderId = await unpaidOrder(page, session)
  await startLoggedIn(page, session)
  await page.goto(`/#/pages/member/orderDetail?id=${orderId}`)
  await page.getByTestId('action-pay').click()
  await expect(page.getByTestId('pay-set-password')).toBeVisible()
  await expect(page.getByTestId('passcode')).toHaveCount(0)
  await expect(page.getByTestId('pay-amount')).toHaveText(/USDT$/)
  await page.getByTestId('pay-set-password-go').click()
  await expect(page).toHaveURL(/#\/pages\/member\/paypass_edit\?redirect=%2Fpages%2Fmember%2ForderDetail%3Fid%3D\d+$/)
  await page.getByTestId('paypass-current').locator('input').fill(password)
  const sentAt = Date.now()
  await page.getByTestId('send-code').click()
  await page
    .getByTestId('paypass-code')
    .locator('input')
    .fill(await mailedCode(session.user.email, sentAt))
  for (const testId of ['paypass-new', 'paypass-repeat']) {
    await page.getByTestId(testId).click()
    await page.keyboard.type('802461')
  }
  await page.getByTestId('paypass-save').click()
  await expect(page).toHaveURL(new RegExp(`#/pages/member/orderDetail\\?id=${orderId}$`))
  await page.getByTestId('action-pay').click()
  await expect(page.getByTestId('passcode')).toBeVisible()
})

for (const { tag, dir } of [
  { tag: 'en', dir: 'ltr' },
  { tag: 'ar', dir: 'rtl' },
] as const) {
  test(`screenshots of the pages that ask for the password, in ${tag}`, async ({ page }) => {
    test.setTimeout(90_000)
    await useLanguage(page, tag)
    const shot = async (name: string) => {
      await expect(page.locator('html')).toHaveAttribute('dir', dir)
      await settle(page)
      await page.screenshot({ path: `test-results/screenshots/${tag}-safety-${name}.png` })
    }
    const session = await registerByApi(page, uniqueEmail(`safety-${tag}`), password)
    const orderId = await unpaidOrder(page, session)
    await startLoggedIn(page, session)

    // The member page as an account with an older password sees it (the flag comes from the server).
    await page.route('**/api/me', async (route) => {
      const reply = await (await route.fetch()).json()
      await route.fulfill({ json: { ...reply, data: { ...reply.data, mustChangePassword: true } } })
    })
    await page.goto('/#/pages/member/index')
    await expect(page.getByTestId('must-change-password')).toBeVisible()
    await shot('member-prompt')
    await page.unroute('**/api/me')

    for (const [path, ready, name] of [
      ['/#/pages/member/password_edit', 'password-save', 'password'],
      ['/#/pages/member/email_edit', 'email-save', 'email'],
      ['/#/pages/member/paypass_edit', 'paypass-save', 'paypass'],
      ['/#/pages/member/wallet_address_save', 'wallet-address-save', 'wallet-address'],
    ] as const) {
      await page.goto(path)
      await expect(page.getByTestId(ready)).toBeVisible()
      await shot(name)
    }

    await page.goto('/#/pages/member/setting')
    await page.getByTestId('cancel-account').click()
    await expect(page.getByTestId('cancel-blockers')).toBeVisible()
    await expect(page.getByTestId('cancel-password')).toHaveCount(0)
    await page.waitForTimeout(400)
    await shot('cancel-blocked')

    await page.goto(`/#/pages/member/orderDetail?id=${orderId}`)
    await page.getByTestId('action-pay').click()
    await expect(page.getByTestId('pay-set-password')).toBeVisible()
    await page.waitForTimeout(400)
    await shot('pay-no-password')

    await apiCall(page, 'POST', `/api/orders/${orderId}/cancel`, {}, { token: session.token })
    await page.goto('/#/pages/member/setting')
    await page.getByTestId('cancel-account').click()
    await expect(page.getByTestId('cancel-password')).toBeVisible()
    await page.getByTestId('cancel-password').locator('input').fill('not-my-password')
    await page.getByTestId('cancel-confirm').click()
    await expect(page.getByRole('alert')).toBeVisible()
    await page.waitForTimeout(400)
    await shot('cancel-password')

    // Last: its toast would linger into the next shot.
    await page.goto('/#/pages/member/wallet_address_save')
    await page.getByTestId('wallet-address-save').click()
    await shot('wallet-address-errors')
  })
}
