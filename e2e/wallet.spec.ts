import { buyerPassword, buyerWithPaymentPassword } from './support/accounts'
import { approveInQueue, consoleViewport, logIn } from './support/console'
import { mailedCode } from './support/mail'
import { freezeWallet, openTrc20, tronAddress } from './support/operator'
import { shot } from './support/screenshot'
import { startLoggedIn } from './support/session'
import { tapDigits } from './support/shop'
import { expect, test } from './support/test'
import { expectShopToast } from './support/toast'
import { proofPng } from './support/wallet'

/**
 * The wallet on the real server with the operators' console (SPEC §2 money, recharge,
 * withdrawal, wallet_address; §5): a recharge with its proof, approved in the console, shows in
 * the balance; a saved address, a withdrawal with the payment password, approved too; the
 * records show both. Screenshots of money, recharge and withdrawal in English and Arabic.
 */

const paymentPassword = '135790'

test('recharge with a proof, approved in the console; save an address; withdraw with the payment password, approved; records show both', async ({
  page,
  context,
}) => {
  test.setTimeout(180_000)
  const problems: string[] = []
  page.on('pageerror', (error) => problems.push(error.message))

  await openTrc20()
  const session = await buyerWithPaymentPassword('wallet', paymentPassword)
  const email = session.user.email
  await startLoggedIn(page, session)
  const rechargeRecord = page.getByTestId('wallet-record').filter({ has: page.locator('[data-cents="2550"]') })
  const withdrawalRecord = page.getByTestId('wallet-record').filter({ has: page.locator('[data-cents="-2000"]') })

  await test.step('recharge: TRC20 is open with its address and QR code; ERC20 has no address yet', async () => {
    await page.goto('/#/pages/member/money')
    await expect(page.getByTestId('wallet-available')).toHaveAttribute('data-cents', '0')
    await page.getByTestId('to-recharge').click()
    await expect(page).toHaveURL(/\/pages\/member\/recharge$/)
    await expect(page.getByTestId('deposit-address')).toHaveText(tronAddress)
    await expect(page.getByTestId('deposit-qr')).toBeVisible()
    await page.getByTestId('network-ERC20').click()
    await expect(page.getByTestId('recharge-closed')).toBeVisible()
    await expect(page.getByTestId('deposit-address')).toHaveCount(0)
    await page.getByTestId('network-TRC20').click()
  })

  await test.step('the form checks with the server’s keys (SPEC §8) before anything is sent; then files it', async () => {
    await page.getByTestId('recharge-submit').click()
    await expectShopToast(page, 'Please enter the recharge amount')
    await expect(page.getByText('Please upload the transfer proof')).toBeVisible()
    await page.getByTestId('recharge-amount').locator('input').fill('25.505')
    await expect(page.getByTestId('recharge-amount').locator('input')).toHaveValue('25.50')
    await page.getByTestId('proof-input').setInputFiles({ name: 'proof.png', mimeType: 'image/png', buffer: await proofPng('25.50') })
    await expect(page.getByTestId('proof-preview')).toHaveAttribute('data-status', 'done')
    const rechargeRequest = page.waitForRequest((request) => request.url().endsWith('/api/wallet/recharges') && request.method() === 'POST')
    await page.getByTestId('recharge-submit').click()
    const sent = await rechargeRequest
    expect(sent.headers()['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/)
    expect(sent.postDataJSON()).toMatchObject({ networkCode: 'TRC20', amountCents: 2550, proofUploadId: expect.any(Number) })
    await expectShopToast(page, 'Recharge submitted')
    await expect(page).toHaveURL(/\/pages\/member\/money$/)
    await expect(rechargeRecord).toHaveAttribute('data-status', 'pending')
    await expect(rechargeRecord.getByTestId('record-status')).toHaveText('Pending review')
  })

  const consolePage = await test.step('the operator approves it in the console; the balance shows it', async () => {
    const tab = await context.newPage()
    await tab.setViewportSize(consoleViewport)
    await logIn(tab)
    await approveInQueue(tab, 'Recharges', email)
    await page.reload()
    await expect(page.getByTestId('wallet-available')).toHaveAttribute('data-cents', '2550')
    await expect(page.getByTestId('wallet-available')).toHaveText('$25.50')
    await expect(rechargeRecord).toHaveAttribute('data-status', 'approved')
    return tab
  })

  await test.step('a withdrawal address (a sensitive change: login password and a mailed code): a checksum typo is refused, the real one saved', async () => {
    await page.getByTestId('to-wallet-addresses').click()
    await expect(page.getByText('No wallet addresses yet')).toBeVisible()
    await page.getByTestId('add-wallet-address').click()
    await page.getByTestId('network-TRC20').click()
    await page.getByTestId('wallet-address-password').locator('input').fill(buyerPassword)
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
    await expectShopToast(page, 'Address saved')
    await expect(page).toHaveURL(/\/pages\/member\/wallet_address$/)
    await expect(page.getByTestId('wallet-address')).toHaveCount(1)
    await expect(page.getByTestId('wallet-address')).toContainText(tronAddress)
  })

  await test.step('withdraw 20: the fee (1.00 on TRC20) comes out, 19.00 arrives; shown before confirming', async () => {
    await page.goto('/#/pages/member/withdrawal')
    await expect(page.getByTestId('withdrawal-address')).toHaveAttribute('aria-checked', 'true')
    await page.getByTestId('withdrawal-amount').locator('input').fill('30')
    await page.getByTestId('withdrawal-submit').click()
    await expectShopToast(page, 'Insufficient balance')
    await page.getByTestId('withdrawal-amount').locator('input').fill('20')
    await expect(page.getByTestId('withdrawal-received')).toHaveText('19.00\u00a0USDT')
    await page.getByTestId('withdrawal-submit').click()
    await expect(page.getByTestId('paypass-sheet-input')).toBeVisible()
    await expect(page.locator('.adm-number-keyboard-key-number[title="1"]')).toBeVisible()
    await shot(page, 'en-withdrawal-password')
    await tapDigits(page, '000000')
    await expect(page.getByTestId('paypass-sheet-error')).toHaveText('Wrong payment password')
    await tapDigits(page, paymentPassword)
    await expectShopToast(page, 'Withdrawal requested')
    await expect(page).toHaveURL(/\/pages\/member\/money$/)
    await expect(page.getByTestId('wallet-available')).toHaveAttribute('data-cents', '550')
    await expect(page.getByTestId('wallet-held')).toContainText('20.00')
    await expect(withdrawalRecord).toHaveAttribute('data-status', 'pending')
  })

  await test.step('the operator pays it out; the records show both, approved', async () => {
    await approveInQueue(consolePage, 'Withdrawals', email)
    await page.reload()
    await expect(withdrawalRecord).toHaveAttribute('data-status', 'approved')
    await expect(withdrawalRecord).toContainText('Fee \u2066$1.00\u2069')
    await expect(withdrawalRecord.getByTestId('payout-tx')).toContainText('cd'.repeat(32))
    await expect(withdrawalRecord.getByTestId('record-amount')).toHaveText('\u2212$20.00')
    await expect(rechargeRecord.getByTestId('record-amount')).toHaveText('+$25.50')
    await expect(page.getByTestId('wallet-held')).toHaveCount(0)
    await page.getByTestId('records-system_business').click()
    await expect(page).toHaveURL(/type=system_business/)
    await expect(page.getByTestId('wallet-record')).toHaveCount(2)
    await page.getByTestId('records-refund').click()
    await expect(page.getByText('No records yet')).toBeVisible()
  })

  for (const { tag, dir } of [
    { tag: 'en', dir: 'ltr' },
    { tag: 'ar', dir: 'rtl' },
  ] as const) {
    await test.step(`screenshots in ${tag} of the three wallet pages with this history`, async () => {
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
        await shot(page, `${tag}-${name}`)
      }
    })
  }

  await test.step('a wallet frozen by the platform (SPEC §6): the banner says so and points to customer service', async () => {
    await freezeWallet(session.user.id)
    await page.evaluate(() => localStorage.setItem('bazaar.lang', 'en'))
    await page.goto('/#/pages/member/money')
    await page.reload()
    await expect(page.getByTestId('wallet-frozen')).toContainText('Your wallet is frozen')
    await expect(page.getByTestId('to-recharge')).toHaveCount(0)
    await shot(page, 'en-money-frozen')
  })
  expect(problems).toEqual([])
})
