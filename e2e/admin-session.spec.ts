import { consoleViewport, logIn } from './support/console'
import { e2eOperator } from './support/env'
import { consoleShot } from './support/screenshot'
import { expect, test } from './support/test'
import { expectConsoleToast } from './support/toast'

/** The console's session edges: stale tokens, wrong passwords, unknown pages, logout. */
test.use({ viewport: consoleViewport, isMobile: false, hasTouch: false })

test('a session the server no longer knows sends the console back to login', async ({ page }) => {
  await page.addInitScript(() =>
    localStorage.setItem(
      'bazaar.admin.session',
      JSON.stringify({ token: 'stale', expiresAtMs: Date.now() + 3_600_000, email: 'gone@example.com' }),
    ),
  )
  await page.goto('admin/#/users')
  await expect(page).toHaveURL(/#\/login$/)
  await expectConsoleToast(page, 'Please log in')
  await expect(page.getByTestId('login-submit')).toBeVisible()
})

test('a wrong password is refused in words, and an unknown page leads back to the queue', async ({ page }) => {
  await test.step('a wrong password is refused in words', async () => {
    await page.goto('admin/#/users')
    await expect(page).toHaveURL(/#\/login$/)
    await page.getByTestId('login-email').fill(e2eOperator.email)
    await page.getByTestId('login-password').fill('not-the-password')
    await page.getByTestId('login-submit').click()
    await expectConsoleToast(page, 'Incorrect email or password')
    await expect(page).toHaveURL(/#\/login$/)
  })

  await test.step('an unknown page leads back to the queue', async () => {
    await logIn(page)
    await page.goto('admin/#/nowhere')
    await expect(page.getByText('Page not found')).toBeVisible()
    await page.getByRole('link', { name: 'Go to recharges' }).click()
    await expect(page.getByRole('heading', { name: 'Recharges' })).toBeVisible()
  })

  await test.step('after logout, a page opens login again', async () => {
    await page.getByTestId('logout').click()
    await expect(page).toHaveURL(/#\/login$/)
    await page.goto('admin/#/ledger')
    await expect(page).toHaveURL(/#\/login$/)
  })
})

test('the console speaks the chosen language, Arabic right to left', async ({ page }) => {
  await page.addInitScript(() => {
    if (!sessionStorage.getItem('lang-set')) localStorage.setItem('bazaar.admin.lang', 'ar')
    sessionStorage.setItem('lang-set', '1')
  })

  await test.step('Arabic: right to left, the ledger and networks', async () => {
    await logIn(page)
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl')
    await expect(page.locator('html')).toHaveAttribute('lang', 'ar')
    await page.goto('admin/#/ledger')
    await expect(page.getByTestId('trial-total')).toHaveAttribute('data-cents', /^-?\d+$/)
    await consoleShot(page, 'ar-ledger')
    await page.goto('admin/#/networks')
    await expect(page.getByTestId('network-TRC20')).toBeVisible()
    await consoleShot(page, 'ar-networks')
  })

  await test.step('back to English from the header; the choice survives a reload', async () => {
    await page.getByTestId('language').click()
    await page.getByRole('option', { name: 'English' }).click()
    await expect(page.locator('html')).toHaveAttribute('dir', 'ltr')
    await expect(page.getByRole('heading', { name: 'Networks' })).toBeVisible()
    await page.reload()
    await expect(page.getByRole('heading', { name: 'Networks' })).toBeVisible()
  })
})
