import { expect, type Page, test } from '@playwright/test'
import { mailedCode, registerByApi, settle, startLoggedIn, uniqueEmail, useLanguage } from './helpers'

/**
 * Accounts on the real server (SPEC §2 login/register/member/settings, §4 Session, §5, §6):
 * register with the mailed code, log out and in, set the payment password, switch to Arabic,
 * log out; protected pages go to login and come back; a dead session goes to login too.
 */

const password = 'secret-pass-1'

function toast(page: Page, text: string | RegExp) {
  return expect(page.locator('.adm-toast-main').filter({ hasText: text }).first()).toBeVisible()
}

/** Types digits into an antd-mobile PasscodeInput that uses the phone's own keyboard. */
async function typePasscode(page: Page, testId: string, digits: string) {
  await page.getByTestId(testId).click()
  await page.keyboard.type(digits)
}

test('a visitor registers with the mailed code, logs in, sets a payment password, switches to Arabic and logs out', async ({ page }) => {
  test.setTimeout(120_000)
  const problems: string[] = []
  page.on('pageerror', (error) => problems.push(error.message))
  const email = uniqueEmail('buyer')

  // The account tab invites a visitor to log in; login offers registration.
  await page.goto('/#/pages/member/index')
  await page.getByTestId('member-login').click()
  await expect(page).toHaveURL(/#\/pages\/login\/login\?redirect=%2Fpages%2Fmember%2Findex$/)
  await page.getByTestId('to-register').click()
  await expect(page).toHaveURL(/#\/pages\/login\/register\?redirect=/)

  // Register: a malformed email is caught before any code is sent.
  await page.getByTestId('register-email').locator('input').fill('not-an-email')
  await page.getByTestId('send-code').click()
  await expect(page.getByText('Enter a valid email address')).toBeVisible()
  await page.getByTestId('register-email').locator('input').fill(email)
  await page.getByTestId('register-password').locator('input').fill(password)
  const sentAt = Date.now()
  await page.getByTestId('send-code').click()
  await toast(page, `A code was sent to ${email}`)
  // SPEC §9: the button counts the 60 s down.
  await expect(page.getByTestId('send-code')).toHaveText(/^\d{1,2} seconds?$/)
  await expect(page.getByTestId('send-code')).toBeDisabled()

  // A wrong code is refused by the server and shown under the code field.
  await page.getByTestId('register-code').locator('input').fill('000000')
  await page.getByTestId('agree').click()
  await page.getByTestId('register-submit').click()
  await expect(page.getByRole('alert').filter({ hasText: 'The verification code is incorrect' })).toBeVisible()

  // The agreement comes first ('please agree first').
  await page.getByTestId('agree').click()
  await page
    .getByTestId('register-code')
    .locator('input')
    .fill(await mailedCode(email, sentAt))
  await page.getByTestId('register-submit').click()
  await toast(page, 'Please agree to the user agreement and privacy policy first')
  await page.getByTestId('agree').click()
  await page.getByTestId('register-submit').click()

  // Registered and logged in: back on the account page it came from.
  await expect(page).toHaveURL(/#\/pages\/member\/index$/)
  await expect(page.getByTestId('member-nickname')).toHaveText(/^user_/)
  await expect(page.getByTestId('orders-to_ship')).toBeVisible()
  const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('bazaar.userinfo') ?? 'null'))
  expect(stored).toMatchObject({ token: expect.any(String), user: { email } })

  // Log out from settings, then log in again with the same password.
  await page.getByTestId('to-settings').click()
  await expect(page).toHaveURL(/#\/pages\/member\/setting$/)
  await page.getByTestId('logout').click()
  await page.locator('.adm-dialog-footer').getByRole('button', { name: 'Log out' }).click()
  await expect(page).toHaveURL(/#\/pages\/index$/)
  expect(await page.evaluate(() => localStorage.getItem('bazaar.userinfo'))).toBeNull()

  await page.goto('/#/pages/login/login')
  await page.getByTestId('login-email').locator('input').fill(email)
  await page.getByTestId('login-password').locator('input').fill('wrong-password')
  await page.getByTestId('login-submit').click()
  await expect(page.getByRole('alert').filter({ hasText: 'Incorrect email or password' })).toBeVisible()
  await page.getByTestId('login-password').locator('input').fill(password)
  await page.getByTestId('login-submit').click()
  await expect(page).toHaveURL(/#\/pages\/member\/index$/)

  // Payment password: the login password, a code to the own email, then 6 digits twice.
  await page.getByTestId('to-settings').click()
  await expect(page.getByTestId('settings-paypass')).toContainText('Not set')
  await page.getByTestId('settings-paypass').click()
  await expect(page).toHaveURL(/#\/pages\/member\/paypass_edit$/)
  await page.getByTestId('paypass-current').locator('input').fill(password)
  const paypassSentAt = Date.now()
  await page.getByTestId('send-code').click()
  await toast(page, 'A code was sent to your email')
  await page
    .getByTestId('paypass-code')
    .locator('input')
    .fill(await mailedCode(email, paypassSentAt))
  await typePasscode(page, 'paypass-new', '246810')
  await typePasscode(page, 'paypass-repeat', '246811')
  await page.getByTestId('paypass-save').click()
  await expect(page.getByText('The two entries are not the same')).toBeVisible()
  await page.getByTestId('paypass-repeat').click()
  await page.keyboard.press('Backspace')
  await page.keyboard.type('0')
  await page.getByTestId('paypass-save').click()
  await toast(page, 'Payment password set')
  await expect(page).toHaveURL(/#\/pages\/member\/setting$/)
  await expect(page.getByTestId('settings-paypass')).toContainText('Set')

  // A new nickname shows in settings and on the account page.
  await page.getByTestId('settings-nickname').click()
  await page.getByTestId('nickname-input').locator('input').fill('x')
  await page.getByTestId('nickname-save').click()
  await expect(page.getByText('Use 2 to 24 characters')).toBeVisible()
  const nickname = `Nick ${Date.now() % 100_000}`
  await page.getByTestId('nickname-input').locator('input').fill(nickname)
  await page.getByTestId('nickname-save').click()
  await toast(page, 'Nickname saved')
  await expect(page.getByTestId('settings-nickname')).toContainText(nickname)

  // Arabic turns the whole layout right to left, and stays after a reload.
  await page.getByTestId('language-item').click()
  await page.getByTestId('lang-ar').click()
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl')
  await expect(page.locator('html')).toHaveAttribute('lang', 'ar')
  await page.reload()
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl')

  // Log out (the confirm is the dialog's second button, whatever the language).
  await page.getByTestId('logout').click()
  await page.locator('.adm-dialog-footer button').last().click()
  await expect(page).toHaveURL(/#\/pages\/index$/)
  expect(await page.evaluate(() => localStorage.getItem('bazaar.userinfo'))).toBeNull()
  expect(problems).toEqual([])
})

test('a protected page sends a visitor to login and back; a dead session does too', async ({ page }) => {
  const email = uniqueEmail('return')
  await registerByApi(page, email, password)

  await page.goto('/#/pages/member/money')
  await expect(page).toHaveURL(/#\/pages\/login\/login\?redirect=%2Fpages%2Fmember%2Fmoney$/)
  await page.getByTestId('login-email').locator('input').fill(email)
  await page.getByTestId('login-password').locator('input').fill(password)
  await page.getByTestId('login-submit').click()
  await expect(page).toHaveURL(/#\/pages\/member\/money$/)
  await expect(page.getByTestId('wallet-available')).toHaveAttribute('data-cents', '0')

  // A token the server no longer knows: the 401 clears it and opens login with the way back.
  await page.evaluate(() => localStorage.setItem('bazaar.userinfo', JSON.stringify({ token: 'revoked-token' })))
  await page.goto('/#/pages/member/setting')
  await expect(page).toHaveURL(/#\/pages\/login\/login\?redirect=%2Fpages%2Fmember%2Fsetting$/)
  expect(await page.evaluate(() => localStorage.getItem('bazaar.userinfo'))).toBeNull()

  // Forgot password: a code to the email, a new password, then login with it.
  await page.goto('/#/pages/login/login')
  await page.getByTestId('to-forgot').click()
  await page.getByTestId('forgot-email').locator('input').fill(email)
  const resetSentAt = Date.now()
  await page.getByTestId('send-code').click()
  await page
    .getByTestId('forgot-code')
    .locator('input')
    .fill(await mailedCode(email, resetSentAt))
  await page.getByTestId('forgot-password').locator('input').fill('brand-new-pass')
  await page.getByTestId('forgot-submit').click()
  await toast(page, 'Password changed. Please log in.')
  await expect(page).toHaveURL(/#\/pages\/login\/login$/)

  // A login link cannot send anyone off the app afterwards.
  await page.goto('/#/pages/login/login?redirect=https://evil.example')
  await page.getByTestId('login-email').locator('input').fill(email)
  await page.getByTestId('login-password').locator('input').fill('brand-new-pass')
  await page.getByTestId('login-submit').click()
  await expect(page).toHaveURL(/#\/pages\/member\/index$/)
})

const languages = [
  { tag: 'en', dir: 'ltr' },
  { tag: 'ar', dir: 'rtl' },
] as const

for (const { tag, dir } of languages) {
  test(`screenshots of login, register, member home and settings in ${tag}`, async ({ page }) => {
    await useLanguage(page, tag)
    const shot = async (name: string) => {
      await expect(page.locator('html')).toHaveAttribute('dir', dir)
      await settle(page)
      await page.screenshot({ path: `test-results/screenshots/${tag}-${name}.png` })
    }
    await page.goto('/#/pages/member/index')
    await expect(page.getByTestId('member-login')).toBeVisible()
    await shot('member-visitor')
    await page.goto('/#/pages/login/login?redirect=%2Fpages%2Fmember%2Findex')
    await expect(page.getByTestId('login-submit')).toBeVisible()
    await shot('login')
    await page.goto('/#/pages/login/register')
    await expect(page.getByTestId('register-submit')).toBeVisible()
    await page.getByTestId('register-email').locator('input').fill('bad')
    await page.getByTestId('register-submit').click()
    await shot('register')

    const session = await registerByApi(page, uniqueEmail(`shots-${tag}`), password)
    await startLoggedIn(page, session)
    await page.goto('/#/pages/member/index')
    await expect(page.getByTestId('orders-to_ship')).toBeVisible()
    await shot('member')
    await page.goto('/#/pages/member/setting')
    await expect(page.getByTestId('logout')).toBeVisible()
    await shot('settings')
    await page.goto('/#/pages/member/paypass_edit')
    await expect(page.getByTestId('paypass-save')).toBeVisible()
    await shot('paypass')
    await page.goto('/#/pages/public/article?slug=user-agreement')
    await expect(page.getByTestId('article')).toBeVisible()
    await shot('article')
  })
}
