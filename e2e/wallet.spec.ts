import { expect, type Page, test } from '@playwright/test'
import sharp from 'sharp'
import {
  apiCall,
  e2eOperator,
  mailedCode,
  openTrc20,
  operatorToken,
  registerByApi,
  setPaymentPasswordByApi,
  settle,
  startLoggedIn,
  uniqueEmail,
} from './helpers'

/**
 * The wallet on the real server with the operators' console (SPEC §2 money, recharge,
 * withdrawal, wallet_address; §5): a recharge with its proof, approved in the console, shows in
 * the balance; a saved address, a withdrawal with the payment password, approved too; the
 * records show both. Screenshots of money, recharge and withdrawal in English and Arabic.
 */

const tronAddress = 'TJRabPrwbZy45sbavfcjinPJC18kjpRTv8'
const paymentPassword = '135790'

function toast(page: Page, text: string | RegExp) {
  return expect(page.locator('.adm-toast-main').filter({ hasText: text }).first()).toBeVisible()
}

/** A small PNG standing in for a transfer screenshot. */
function proofPng(): Promise<Buffer> {
  return sharp({ create: { width: 120, height: 80, channels: 3, background: '#16a34a' } })
    .png()
    .toBuffer()
}

async function consoleLogin(page: Page) {
  // The console is a desktop tool: at phone width its menu folds away.
  await page.setViewportSize({ width: 1280, height: 800 })
  await page.goto('admin/')
  await page.getByTestId('login-email').fill(e2eOperator.email)
  await page.getByTestId('login-password').fill(e2eOperator.password)
  await page.getByTestId('login-submit').click()
  await expect(page.getByTestId('operator-email')).toHaveText(e2eOperator.email)
}

/** Approves the pending request of `email` in the console's queue ('Recharges' or 'Withdrawals'). */
async function approveInConsole(page: Page, queue: 'Recharges' | 'Withdrawals', email: string) {
  await page.getByTestId('side-menu').getByRole('link', { name: queue }).click()
  await expect(page.getByRole('heading', { name: queue })).toBeVisible()
  const row = page.getByRole('row').filter({ hasText: email })
  await expect(row).toHaveCount(1)
  await row.getByTestId('approve').click()
  await page.getByTestId('approve-confirm').click()
  await expect(row).toHaveCount(0)
}

/** Taps digits on antd-mobile's number keyboard. */
async function tapDigits(page: Page, digits: string) {
  for (const digit of digits) await page.locator(`.adm-number-keyboard-key-number[title="${digit}"]`).click()
}

test('recharge with a proof, approved in the console; save an address; withdraw with the payment password, approved; records show both', async ({
  page,
  context,
}) => {
  test.setTimeout(180_000)
  const problems: string[] = []
  page.on('pageerror', (error) => problems.push(error.message))

  await openTrc20(page, tronAddress)
  const email = uniqueEmail('wallet')
  const session = await registerByApi(page, email, 'wallet-pass-1')
  await setPaymentPasswordByApi(page, session, paymentPassword, 'wallet-pass-1')
  await startLoggedIn(page, session)

  // Recharge: TRC20 is open with its address and QR code; BEP20 and ERC20 have no address yet.
  await page.goto('/#/pages/member/money')
  await expect(page.getByTestId('wallet-available')).toHaveAttribute('data-cents', '0')
  await page.getByTestId('to-recharge').click()
  await expect(page).toHaveURL(/#\/pages\/member\/recharge$/)
  await expect(page.getByTestId('deposit-address')).toHaveText(tronAddress)
  await expect(page.getByTestId('deposit-qr')).toBeVisible()
  await page.getByTestId('network-ERC20').click()
  await expect(page.getByTestId('recharge-closed')).toBeVisible()
  await expect(page.getByTestId('deposit-address')).toHaveCount(0)
  await page.getByTestId('network-TRC20').click()

  // The form's own checks use the server's keys (SPEC §8) before anything is sent.
  await page.getByTestId('recharge-submit').click()
  await toast(page, 'Please enter the recharge amount')
  await expect(page.getByText('Please upload the transfer proof')).toBeVisible()
  await page.getByTestId('recharge-amount').locator('input').fill('25.505')
  await expect(page.getByTestId('recharge-amount').locator('input')).toHaveValue('25.50')
  await page.getByTestId('proof-input').setInputFiles({ name: 'proof.png', mimeType: 'image/png', buffer: await proofPng() })
  await expect(page.getByTestId('proof-preview')).toHaveAttribute('data-status', 'done')
  const rechargeRequest = page.waitForRequest((request) => request.url().endsWith('/api/wallet/recharges') && request.method() === 'POST')
  await page.getByTestId('recharge-submit').click()
  const sent = await rechargeRequest
  expect(sent.headers()['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/)
  expect(sent.postDataJSON()).toMatchObject({ networkCode: 'TRC20', amountCents: 2550, proofUploadId: expect.any(Number) })
  await toast(page, 'Recharge submitted')
  await expect(page).toHaveURL(/#\/pages\/member\/money$/)
  const rechargeRecord = page.getByTestId('wallet-record').filter({ has: page.locator('[data-cents="2550"]') })
  await expect(rechargeRecord).toHaveAttribute('data-status', 'pending')
  await expect(rechargeRecord.getByTestId('record-status')).toHaveText('Pending review')

  // The operator approves it in the console.
  const consolePage = await context.newPage()
  await consoleLogin(consolePage)
  await approveInConsole(consolePage, 'Recharges', email)

  // The balance shows it.
  await page.reload()
  await expect(page.getByTestId('wallet-available')).toHaveAttribute('data-cents', '2550')
  await expect(page.getByTestId('wallet-available')).toHaveText('25.50\u00a0USDT')
  await expect(rechargeRecord).toHaveAttribute('data-status', 'approved')

  // A withdrawal address (a sensitive change: login password and an e-mail code): a checksum
  // typo is refused, the real one saved.
  await page.getByTestId('to-wallet-addresses').click()
  await expect(page.getByText('No wallet addresses yet')).toBeVisible()
  await page.getByTestId('add-wallet-address').click()
  await page.getByTestId('network-TRC20').click()
  await page.getByTestId('wallet-address-password').locator('input').fill('wallet-pass-1')
  const addressCodeSentAt = Date.now()
  await page.getByTestId('send-code').click()
  await page
    .getByTestId('wallet-address-code')
    .locator('input')
    .fill(await mailedCode(email, addressCodeSentAt))
  await page
    .getByTestId('wallet-address-input')
    .locator('input')
    .fill(`${tronAddress.slice(0, -1)}9`)
  await page.getByTestId('wallet-address-save').click()
  await expect(page.getByRole('alert').filter({ hasText: 'This address is not valid for the selected network' })).toBeVisible()
  await page.getByTestId('wallet-address-input').locator('input').fill(tronAddress)
  await page.getByTestId('wallet-address-save').click()
  await toast(page, 'Address saved')
  await expect(page).toHaveURL(/#\/pages\/member\/wallet_address$/)
  await expect(page.getByTestId('wallet-address')).toHaveCount(1)
  await expect(page.getByTestId('wallet-address')).toContainText(tronAddress)

  // Withdraw 20: the fee (1.00 on TRC20) comes out, 19.00 arrives; shown before confirming.
  await page.goto('/#/pages/member/withdrawal')
  await expect(page.getByTestId('withdrawal-address')).toHaveAttribute('aria-checked', 'true')
  await page.getByTestId('withdrawal-amount').locator('input').fill('30')
  await page.getByTestId('withdrawal-submit').click()
  await toast(page, 'Insufficient balance')
  await page.getByTestId('withdrawal-amount').locator('input').fill('20')
  await expect(page.getByTestId('withdrawal-received')).toHaveText('19.00\u00a0USDT')
  await page.getByTestId('withdrawal-submit').click()
  await expect(page.getByTestId('paypass-sheet-input')).toBeVisible()
  await expect(page.locator('.adm-number-keyboard-key-number[title="1"]')).toBeVisible()
  await page.waitForTimeout(400)
  await page.screenshot({ path: 'test-results/screenshots/en-withdrawal-password.png' })
  await tapDigits(page, '000000')
  await expect(page.getByTestId('paypass-sheet-error')).toHaveText('Wrong payment password')
  await tapDigits(page, paymentPassword)
  await toast(page, 'Withdrawal requested')
  await expect(page).toHaveURL(/#\/pages\/member\/money$/)
  await expect(page.getByTestId('wallet-available')).toHaveAttribute('data-cents', '550')
  await expect(page.getByTestId('wallet-held')).toContainText('20.00')
  const withdrawalRecord = page.getByTestId('wallet-record').filter({ has: page.locator('[data-cents="-2000"]') })
  await expect(withdrawalRecord).toHaveAttribute('data-status', 'pending')

  // The operator pays it out; the records show both, approved.
  await approveInConsole(consolePage, 'Withdrawals', email)
  await page.reload()
  await expect(withdrawalRecord).toHaveAttribute('data-status', 'approved')
  await expect(withdrawalRecord).toContainText('Fee 1.00')
  await expect(withdrawalRecord.getByTestId('record-amount')).toHaveText('\u221220.00\u00a0USDT')
  await expect(rechargeRecord.getByTestId('record-amount')).toHaveText('+25.50\u00a0USDT')
  await expect(page.getByTestId('wallet-held')).toHaveCount(0)
  await page.getByTestId('records-system_business').click()
  await expect(page).toHaveURL(/type=system_business/)
  await expect(page.getByTestId('wallet-record')).toHaveCount(2)
  await page.getByTestId('records-refund').click()
  await expect(page.getByText('No records yet')).toBeVisible()

  // Screenshots in English and Arabic (RTL) of the three wallet pages with this history.
  for (const [tag, dir] of [
    ['en', 'ltr'],
    ['ar', 'rtl'],
  ] as const) {
    await page.evaluate((lang) => localStorage.setItem('bazaar.lang', lang), tag)
    for (const [name, path, ready] of [
      ['money', '#/pages/member/money', 'wallet-record'],
      ['recharge', '#/pages/member/recharge', 'deposit-qr'],
      ['withdrawal', '#/pages/member/withdrawal', 'withdrawal-received'],
    ] as const) {
      await page.goto(`/${path}`)
      await page.reload()
      await expect(page.getByTestId(ready).first()).toBeVisible()
      await expect(page.locator('html')).toHaveAttribute('dir', dir)
      await settle(page)
      await page.screenshot({ path: `test-results/screenshots/${tag}-${name}.png` })
    }
  }

  // A wallet frozen by the platform (SPEC §6): the banner says so and points to customer service.
  await apiCall(page, 'POST', `/api/admin/users/${session.user.id}/freeze`, { frozen: true }, { 'admin-token': await operatorToken(page) })
  await page.evaluate(() => localStorage.setItem('bazaar.lang', 'en'))
  await page.goto('/#/pages/member/money')
  await page.reload()
  await expect(page.getByTestId('wallet-frozen')).toContainText('Your wallet is frozen')
  await expect(page.getByTestId('to-recharge')).toHaveCount(0)
  await settle(page)
  await page.screenshot({ path: 'test-results/screenshots/en-money-frozen.png' })
  expect(problems).toEqual([])
})
