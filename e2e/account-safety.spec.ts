import { readdir, readFile } from 'node:fs/promises'
import path from 'node:path'
import { Me } from '@bazaar/contract/auth'
import { z } from 'zod'
import { registerByApi, uniqueEmail } from './support/accounts'
import { api } from './support/api'
import { listingOf } from './support/catalog'
import { e2eDataDir } from './support/env'
import { mailedCode } from './support/mail'
import { addAddress, placeOrders } from './support/orders'
import { shot } from './support/screenshot'
import { chooseLanguage, startLoggedIn } from './support/session'
import { expect, test } from './support/test'
import { expectShopToast } from './support/toast'

/**
 * Account safety in the shop (ARCHITECTURE.md, Sensitive changes and Passwords): a new e-mail
 * needs the current password as well as the code; a buyer without a payment password is sent
 * to set one before paying, and comes back to pay; and screenshots of the pages that ask.
 */

const password = 'safety-pass-1'

/** The text of the newest mail to `email` in the server's outbox that is not a code (a security notice). */
async function noticeTo(email: string): Promise<string> {
  const dir = path.join(e2eDataDir, 'outbox')
  const newestNotice = async () => {
    for (const file of (await readdir(dir)).sort().reverse()) {
      const text = await readFile(path.join(dir, file), 'utf8')
      if (text.includes(`To: ${email}`) && !text.includes('verification code is')) return text.replace(/=\r?\n/g, '')
    }
    return undefined
  }
  await expect.poll(newestNotice, { message: `a notice mailed to ${email}` }).toBeTruthy()
  return (await newestNotice()) ?? ''
}

/** An unpaid order of `token`'s buyer (an address saved on the way). */
async function unpaidOrder(token: string): Promise<number> {
  const address = await addAddress(token, {
    name: 'Rania Aziz',
    mobile: '+971 50 765 4321',
    country: 'AE',
    city: 'Dubai',
    address: '3 Creek Road',
  })
  const [placed] = await placeOrders(token, [{ item: await listingOf(2), quantity: 1 }], address.id)
  return placed?.id ?? 0
}

test('a new e-mail needs the current password besides the code; the old address is told', async ({ page }) => {
  const email = uniqueEmail('mover')
  const newEmail = uniqueEmail('moved')
  const session = await registerByApi(email, password)
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
  await expectShopToast(page, 'Email changed')
  expect((await api.get('/api/me', Me, { token: session.token })).email).toBe(newEmail)
  expect(await noticeTo(email)).toMatch(/was changed to \w\*\*\*@example\.com/)
})

test('a buyer without a payment password is sent to set one first, then comes back to pay', async ({ page }) => {
  const session = await registerByApi(uniqueEmail('no-pin'), password)
  const orderId = await unpaidOrder(session.token)
  await startLoggedIn(page, session)
  await page.goto(`/#/pages/member/orderDetail?id=${orderId}`)
  await page.getByTestId('action-pay').click()
  await expect(page.getByTestId('pay-set-password')).toBeVisible()
  await expect(page.getByTestId('passcode')).toHaveCount(0)
  await expect(page.getByTestId('pay-amount')).toHaveText(/^\$[\d,]+\.\d{2}$/)
  await page.getByTestId('pay-set-password-go').click()
  await expect(page).toHaveURL(/\/pages\/member\/paypass_edit\?redirect=%2Fpages%2Fmember%2ForderDetail%3Fid%3D\d+$/)
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
  await expect(page).toHaveURL(new RegExp(`/pages/member/orderDetail\\?id=${orderId}$`))
  await page.getByTestId('action-pay').click()
  await expect(page.getByTestId('passcode')).toBeVisible()
})

for (const { tag, dir } of [
  { tag: 'en', dir: 'ltr' },
  { tag: 'ar', dir: 'rtl' },
] as const) {
  test(`screenshots of the pages that ask for the password, in ${tag}`, async ({ page }) => {
    test.setTimeout(90_000)
    await chooseLanguage(page, tag)
    const take = async (name: string) => {
      await expect(page.locator('html')).toHaveAttribute('dir', dir)
      await shot(page, `${tag}-safety-${name}`)
    }
    const session = await registerByApi(uniqueEmail(`safety-${tag}`), password)
    const orderId = await unpaidOrder(session.token)
    await startLoggedIn(page, session)

    await test.step('the member page of an account with an older password shows the prompt (the flag comes from the server)', async () => {
      await page.route('**/api/me', async (route) => {
        const reply = await (await route.fetch()).json()
        await route.fulfill({ json: { ...reply, data: { ...reply.data, mustChangePassword: true } } })
      })
      await page.goto('/#/pages/member/index')
      await expect(page.getByTestId('must-change-password')).toBeVisible()
      await take('member-prompt')
      await page.unroute('**/api/me')
    })

    await test.step('the forms that ask for the current password', async () => {
      for (const [route, ready, name] of [
        ['/#/pages/member/password_edit', 'password-save', 'password'],
        ['/#/pages/member/email_edit', 'email-save', 'email'],
        ['/#/pages/member/paypass_edit', 'paypass-save', 'paypass'],
        ['/#/pages/member/wallet_address_save', 'wallet-address-save', 'wallet-address'],
      ] as const) {
        await page.goto(route)
        await expect(page.getByTestId(ready)).toBeVisible()
        await take(name)
      }
    })

    await test.step('cancelling lists what blocks it first, then asks for the password', async () => {
      await page.goto('/#/pages/member/setting')
      await page.getByTestId('cancel-account').click()
      await expect(page.getByTestId('cancel-blockers')).toBeVisible()
      await expect(page.getByTestId('cancel-password')).toHaveCount(0)
      await take('cancel-blocked')

      await page.goto(`/#/pages/member/orderDetail?id=${orderId}`)
      await page.getByTestId('action-pay').click()
      await expect(page.getByTestId('pay-set-password')).toBeVisible()
      await take('pay-no-password')

      await api.post(`/api/orders/${orderId}/cancel`, {}, z.unknown(), { token: session.token })
      await page.goto('/#/pages/member/setting')
      await page.getByTestId('cancel-account').click()
      await expect(page.getByTestId('cancel-password')).toBeVisible()
      await page.getByTestId('cancel-password').locator('input').fill('not-my-password')
      await page.getByTestId('cancel-confirm').click()
      await expect(page.getByRole('alert')).toBeVisible()
      await take('cancel-password')
    })

    // Last: its toast would linger into the next shot.
    await page.goto('/#/pages/member/wallet_address_save')
    await page.getByTestId('wallet-address-save').click()
    await take('wallet-address-errors')
  })
}
