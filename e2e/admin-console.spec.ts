import { expect, test } from '@playwright/test'
import { ensureOperator, fileRecharge, fileWithdrawal, registerBuyer } from '../apps/admin/e2e/fixtures'
import { logIn, shot, toast } from '../apps/admin/e2e/page'

/**
 * The operators' console at /admin/ against the real server: login, a deposit address, a
 * buyer's recharge approved with its proof in view, the books balancing, the user's balance
 * and the audit trail. Screenshots at 1280×800 and 390×844 go to test-results/screenshots/.
 */
test.use({ viewport: { width: 1280, height: 800 }, isMobile: false, hasTouch: false })

const tronAddress = 'TJRabPrwbZy45sbavfcjinPJC18kjpRTv8'

test.beforeAll(() => ensureOperator())

test('an operator opens TRC20, approves a recharge with its proof in view, and the books balance', async ({ page, baseURL }) => {
  // One long story (login to logout) against a server that also serves other suites.
  test.setTimeout(180_000)
  const base = baseURL ?? ''
  const buyerEmail = `buyer.${Date.now()}@example.com`

  await page.goto('admin/')
  await expect(page.getByTestId('login-submit')).toBeVisible()
  await shot(page, 'login')
  await logIn(page)

  // A deposit address that fails the checksum is refused, a valid one opens recharge.
  await page.getByTestId('side-menu').getByRole('link', { name: 'Networks' }).click()
  const trc20 = page.getByTestId('network-TRC20')
  await trc20.getByTestId('deposit-address').fill(`${tronAddress.slice(0, -1)}9`)
  await trc20.getByTestId('network-save').click()
  await expect(trc20.getByText("This address fails the network's checksum")).toBeVisible()
  await expect(page.locator('.ant-message-notice')).toHaveCount(0)
  await trc20.getByTestId('deposit-address').fill(tronAddress)
  await trc20.getByTestId('network-save').click()
  await toast(page, /saved$/)
  await expect(trc20.getByText('Recharge open')).toBeVisible()
  await shot(page, 'networks')

  // The buyer side, through the API: register, upload a proof, file two recharges.
  const buyerToken = await registerBuyer(base, buyerEmail)
  const approveId = await fileRecharge(base, buyerToken, 2500, '25.00')
  const rejectId = await fileRecharge(base, buyerToken, 999, '9.99')

  await page.getByTestId('side-menu').getByRole('link', { name: 'Recharges' }).click()
  const row = page.getByRole('row').filter({ has: page.getByRole('cell', { name: String(approveId), exact: true }) })
  await expect(row).toContainText(buyerEmail)
  await expect(row).toContainText('25.00 USDT')
  await expect(row).toContainText('TRC20')
  // The proof is private: it arrives through a blob URL fetched with admin-token.
  const thumb = row.getByTestId('proof-thumb').locator('img').or(row.locator('img[data-testid="proof-thumb"]')).first()
  await expect(thumb).toHaveAttribute('src', /^blob:/)
  await expect.poll(() => thumb.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0)
  await shot(page, 'recharges')
  await thumb.click()
  const preview = page.locator('.ant-image-preview-img')
  await expect(preview).toBeVisible()
  await expect.poll(() => preview.evaluate((img: HTMLImageElement) => img.getBoundingClientRect().width)).toBeGreaterThan(300)
  await shot(page, 'recharge-proof')
  await page.keyboard.press('Escape')
  await expect(preview).toBeHidden()

  await row.getByTestId('approve').click()
  await page.getByTestId('approve-confirm').click()
  await toast(page, `Recharge #${approveId} approved`)
  await expect(row).toHaveCount(0)

  // Rejecting needs a reason.
  const rejectRow = page.getByRole('row').filter({ has: page.getByRole('cell', { name: String(rejectId), exact: true }) })
  await rejectRow.getByTestId('reject').click()
  await page.getByTestId('reject-confirm').click()
  await expect(page.getByText('Enter the reason for rejecting')).toBeVisible()
  await page.getByTestId('reject-reason').fill('No matching transfer on chain')
  await expect(page.getByText('Enter the reason for rejecting')).toBeHidden()
  await shot(page, 'reject-dialog')
  await page.getByTestId('reject-confirm').click()
  await toast(page, `Recharge #${rejectId} rejected`)
  await page.getByRole('tab', { name: 'Rejected' }).click()
  await expect(page.getByRole('row').filter({ hasText: 'No matching transfer on chain' })).toContainText(buyerEmail)
  await page.getByRole('tab', { name: 'Approved' }).click()
  await expect(page.getByRole('row').filter({ hasText: buyerEmail })).toContainText('25.00 USDT')

  // A withdrawal of 12.00 with the 1.00 fee set above: the user receives 11.00.
  const withdrawalId = await fileWithdrawal(base, buyerToken, buyerEmail, 1200, tronAddress)
  await page.getByTestId('side-menu').getByRole('link', { name: 'Withdrawals' }).click()
  const wRow = page.getByRole('row').filter({ has: page.getByRole('cell', { name: String(withdrawalId), exact: true }) })
  await expect(wRow).toContainText('12.00 USDT')
  await expect(wRow).toContainText('1.00 USDT')
  await expect(wRow.locator('[data-cents="1100"]')).toHaveText('11.00 USDT')
  await shot(page, 'withdrawals')
  await wRow.getByTestId('approve').click()
  await page.getByTestId('approve-confirm').click()
  await toast(page, `Withdrawal #${withdrawalId} approved`)

  // The books: total zero, shown as such, and the recharge among the transfers.
  await page.getByTestId('side-menu').getByRole('link', { name: 'Ledger' }).click()
  await expect(page.getByTestId('trial-total')).toHaveText('Trial balance: 0.00 USDT ✓')
  await expect(page.getByTestId('trial-total')).toHaveAttribute('data-cents', '0')
  await expect(
    page
      .getByTestId('transfers-table')
      .getByRole('row')
      .filter({ hasText: `recharge #${approveId}` }),
  ).toContainText('25.00 USDT')
  await expect(page.getByTestId('transfers-table').getByRole('row').filter({ hasText: 'Withdrawal fee' })).toContainText('1.00 USDT')
  await shot(page, 'ledger')

  // The user's balance shows the amount.
  await page.getByTestId('side-menu').getByRole('link', { name: 'Users' }).click()
  const search = page.getByPlaceholder('Search by email or nickname')
  await search.fill(buyerEmail)
  await search.press('Enter')
  const userRow = page.getByTestId('users-table').getByRole('row').filter({ hasText: buyerEmail })
  await expect(userRow).toHaveCount(1)
  // 25.00 recharged − 12.00 withdrawn.
  await expect(userRow.locator('[data-cents="1300"]')).toHaveText('13.00 USDT')
  await shot(page, 'users')

  // The audit log lists what the operator did.
  await page.getByTestId('side-menu').getByRole('link', { name: 'Audit log' }).click()
  const audit = page.getByTestId('audit-table')
  await expect(audit.getByRole('row').filter({ hasText: `Recharge #${approveId}` })).toContainText('Recharge approved')
  await expect(audit.getByRole('row').filter({ hasText: `Recharge #${rejectId}` })).toContainText('No matching transfer on chain')
  await expect(audit.getByRole('row').filter({ hasText: 'Network #TRC20' }).first()).toContainText('Network changed')
  await expect(audit.getByRole('row').filter({ hasText: `Withdrawal #${withdrawalId}` })).toContainText('Withdrawal approved')
  await shot(page, 'audit')

  // Lists page with the cursor: 25 more actions make a second page behind "Load more".
  const adminToken = await page.evaluate(() => JSON.parse(localStorage.getItem('bazaar.admin.session') ?? '{}').token as string)
  for (let i = 0; i < 25; i++) {
    const cap = {
      depositAddress: tronAddress,
      withdrawalFeeCents: 100,
      withdrawalMinCents: 1000,
      withdrawalMaxCents: 1_000_000,
      monthlyWithdrawalCap: 10 + i,
      withdrawalsEnabled: true,
    }
    const reply = await page.request.put('api/admin/networks/TRC20', { data: cap, headers: { 'admin-token': adminToken } })
    expect(reply.ok()).toBe(true)
  }
  await page.reload()
  await expect(audit.getByRole('row')).toHaveCount(26)
  await page.getByTestId('load-more').click()
  await expect(audit.getByRole('row').filter({ hasText: 'Recharge approved' })).toBeVisible()
  await expect(page.getByTestId('load-more')).toBeHidden()

  await fileRecharge(base, buyerToken, 5000, '50.00')

  // Freeze and thaw the wallet, lock and unlock the account (last: locking ends the buyer's sessions).
  await page.goto(`admin/#/users?q=${encodeURIComponent(buyerEmail)}`)
  for (const [button, confirm, done, tag] of [
    ['freeze', 'freeze-confirm', `The wallet of ${buyerEmail} is frozen`, 'Frozen'],
    ['freeze', 'freeze-confirm', `The wallet of ${buyerEmail} is thawed`, 'Active'],
    ['lock', 'lock-confirm', `${buyerEmail} is locked`, 'Locked'],
    ['lock', 'lock-confirm', `${buyerEmail} is unlocked`, 'Active'],
  ] as const) {
    await userRow.getByTestId(button).click()
    await page.getByTestId(confirm).click()
    await toast(page, done)
    await expect(userRow.getByText(tag).first()).toBeVisible()
  }
  await page.getByTestId('side-menu').getByRole('link', { name: 'Audit log' }).click()
  for (const action of ['Wallet frozen', 'Wallet thawed', 'Account locked', 'Account unlocked']) {
    await expect(audit.getByRole('row').filter({ hasText: `User #` }).filter({ hasText: action })).toHaveCount(1)
  }

  // A tablet in portrait: the menu folds away, the queue keeps its proof column in view.
  await page.setViewportSize({ width: 820, height: 1180 })
  await page.goto('admin/#/recharges')
  await expect(page.locator('img[src^="blob:"]').first()).toBeVisible()
  await shot(page, 'tablet-recharges')

  // The same console on a phone: the menu folds away, tables scroll sideways.
  await page.setViewportSize({ width: 390, height: 844 })
  for (const [name, link] of [
    ['recharges', 'Recharges'],
    ['withdrawals', 'Withdrawals'],
    ['networks', 'Networks'],
    ['ledger', 'Ledger'],
    ['users', 'Users'],
  ] as const) {
    await page.goto(`admin/#/${name}`)
    await expect(page.getByRole('heading', { name: link })).toBeVisible()
    await shot(page, `mobile-${name}`)
  }
  await page.locator('.ant-layout-sider-zero-width-trigger').click()
  await expect(page.getByTestId('side-menu')).toBeVisible()
  await shot(page, 'mobile-menu')
  await page.getByTestId('side-menu').getByRole('link', { name: 'Audit log' }).click()
  await expect(page.getByRole('heading', { name: 'Audit log' })).toBeVisible()

  await page.getByTestId('logout').click()
  await expect(page).toHaveURL(/#\/login$/)
})
