import type { Page } from '@playwright/test'
import sharp from 'sharp'
import { registerByApi, uniqueEmail } from './support/accounts'
import { openTrc20, tronAddress } from './support/operator'
import { shot } from './support/screenshot'
import { startLoggedIn } from './support/session'
import { expect, test } from './support/test'

/**
 * A refused field is named beside the field, in words that say why, not in a generic toast:
 * the shop's recharge form with a malformed transaction hash.
 */
const hashText = 'This transaction hash is not valid for the selected network'

/** The recharge form's transaction hash row (its Field). */
const txField = (page: Page) => page.locator('[data-invalid]').filter({ has: page.getByTestId('recharge-tx') })

test('the recharge form names a malformed transaction hash beside its field', async ({ page }) => {
  await openTrc20()
  await startLoggedIn(page, await registerByApi(uniqueEmail('txhash'), 'txhash-pass-1'))
  await page.goto('/#/pages/member/recharge')
  await expect(page.getByTestId('deposit-address')).toHaveText(tronAddress)
  await page.getByTestId('recharge-amount').locator('input').fill('12.00')
  const proof = await sharp({ create: { width: 60, height: 40, channels: 3, background: '#0ea5e9' } })
    .png()
    .toBuffer()
  await page.getByTestId('proof-input').setInputFiles({ name: 'proof.png', mimeType: 'image/png', buffer: proof })
  await expect(page.getByTestId('proof-preview')).toHaveAttribute('data-status', 'done')

  // Checked before sending: nothing reaches the server.
  let sent = 0
  page.on('request', (request) => {
    if (request.url().endsWith('/api/wallet/recharges') && request.method() === 'POST') sent++
  })
  await page.getByTestId('recharge-tx').locator('input').fill('0x123')
  await page.getByTestId('recharge-submit').click()
  await expect(txField(page).getByRole('alert')).toHaveText(hashText)
  expect(sent).toBe(0)

  // The server's refusal of the field is shown there too, without a toast.
  await page.route('**/api/wallet/recharges', (route) =>
    route.fulfill({
      status: 400,
      contentType: 'application/json',
      body: JSON.stringify({
        code: 0,
        msg: 'Invalid transaction hash',
        data: { message: hashText, fields: { txHash: 'Invalid transaction hash' } },
      }),
    }),
  )
  await expect(page.locator('.adm-toast-main')).toHaveCount(0)
  await page.getByTestId('recharge-tx').locator('input').fill('a'.repeat(64))
  await expect(txField(page)).toHaveCount(0)
  await page.getByTestId('recharge-submit').click()
  await expect(txField(page).getByRole('alert')).toHaveText(hashText)
  // A toast would show with the field's message; none does.
  await expect(page.locator('.adm-toast-main')).toHaveCount(0)
  await shot(page, 'en-recharge-tx-hash')
})
