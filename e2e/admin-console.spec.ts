import { registerByApi, setPaymentPassword, uniqueEmail } from './support/accounts'
import { consoleViewport, logIn } from './support/console'
import { tronAddress } from './support/operator'
import { consoleShot } from './support/screenshot'
import { expect, test } from './support/test'
import { expectConsoleToast } from './support/toast'
import { fileRecharge, fileWithdrawal } from './support/wallet'

/**
 * The operators' console at /admin/ against the real server: login, a deposit address, a
 * buyer's recharge approved with its proof in view, the books balancing, the user's balance
 * and the audit trail. Screenshots at 1280×800 and 390×844 go to test-results/screenshots/.
 */
test.use({ viewport: consoleViewport, isMobile: false, hasTouch: false })

test('an operator opens TRC20, approves a recharge with its proof in view, and the books balance', async ({ page }) => {
  // One long story (login to logout) against a server that also serves other suites.
  test.setTimeout(300_000)
  const buyerEmail = uniqueEmail('buyer')
  const menu = (name: string) => page.getByTestId('side-menu').getByRole('link', { name })
  const rowOf = (id: number) => page.getByRole('row').filter({ has: page.getByRole('cell', { name: String(id), exact: true }) })
  const audit = page.getByTestId('audit-table')
  const userRow = page.getByTestId('users-table').getByRole('row').filter({ hasText: buyerEmail })

  await test.step('log in', async () => {
    await page.goto('admin/')
    await expect(page.getByTestId('login-submit')).toBeVisible()
    await consoleShot(page, 'login')
    await logIn(page)
  })

  await test.step('a deposit address that fails the checksum is refused, a valid one opens recharge', async () => {
    await menu('Networks').click()
    const trc20 = page.getByTestId('network-TRC20')
    await trc20.getByTestId('deposit-address').fill(`${tronAddress.slice(0, -1)}9`)
    await trc20.getByTestId('network-save').click()
    // The refusal names the field: its reason shows beside it, with no toast.
    await expect(trc20.getByText("This address fails the network's checksum")).toBeVisible()
    await expect(page.locator('.ant-message-notice')).toHaveCount(0)
    await trc20.getByTestId('deposit-address').fill(tronAddress)
    await trc20.getByTestId('network-save').click()
    await expectConsoleToast(page, /saved$/)
    await expect(trc20.getByText('Recharge open')).toBeVisible()
    await consoleShot(page, 'networks')
  })

  // The buyer side, through the API: register, upload a proof, file two recharges.
  const buyer = await registerByApi(buyerEmail)
  const approveId = (await fileRecharge(buyer.token, 2500)).id
  const rejectId = (await fileRecharge(buyer.token, 999)).id

  await test.step('the recharge queue shows the proof, fetched privately; approve one', async () => {
    await menu('Recharges').click()
    const row = rowOf(approveId)
    await expect(row).toContainText(buyerEmail)
    await expect(row).toContainText('25.00 USDT')
    await expect(row).toContainText('TRC20')
    // The proof is private: it arrives through a blob URL fetched with admin-token.
    const thumb = row.getByTestId('proof-thumb').locator('img').or(row.locator('img[data-testid="proof-thumb"]')).first()
    await expect(thumb).toHaveAttribute('src', /^blob:/)
    await expect.poll(() => thumb.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0)
    await consoleShot(page, 'recharges')
    await thumb.click()
    const preview = page.locator('.ant-image-preview-img')
    await expect(preview).toBeVisible()
    await expect.poll(() => preview.evaluate((img: HTMLImageElement) => img.getBoundingClientRect().width)).toBeGreaterThan(300)
    await consoleShot(page, 'recharge-proof')
    await page.keyboard.press('Escape')
    await expect(preview).toBeHidden()

    await row.getByTestId('approve').click()
    await page.getByTestId('approve-confirm').click()
    await expectConsoleToast(page, `Recharge #${approveId} approved`)
    await expect(row).toHaveCount(0)
  })

  await test.step('rejecting needs a reason; the tabs file both decisions', async () => {
    await rowOf(rejectId).getByTestId('reject').click()
    await page.getByTestId('reject-confirm').click()
    await expect(page.getByText('Enter the reason for rejecting')).toBeVisible()
    await page.getByTestId('reject-reason').fill('No matching transfer on chain')
    await expect(page.getByText('Enter the reason for rejecting')).toBeHidden()
    await consoleShot(page, 'reject-dialog')
    await page.getByTestId('reject-confirm').click()
    await expectConsoleToast(page, `Recharge #${rejectId} rejected`)
    await page.getByRole('tab', { name: 'Rejected' }).click()
    // This buyer's row (another run on the same server may have rejected with the same words).
    await expect(page.getByRole('row').filter({ hasText: 'No matching transfer on chain' }).filter({ hasText: buyerEmail })).toHaveCount(1)
    await page.getByRole('tab', { name: 'Approved' }).click()
    await expect(page.getByRole('row').filter({ hasText: buyerEmail })).toContainText('25.00 USDT')
  })

  const paymentPassword = '135790'
  await setPaymentPassword(buyer, paymentPassword)
  const withdrawalId = (await fileWithdrawal(buyer, 1200, tronAddress, paymentPassword)).id

  await test.step('a withdrawal of 12.00 with the 1.00 fee set above: the user receives 11.00', async () => {
    await menu('Withdrawals').click()
    const wRow = rowOf(withdrawalId)
    await expect(wRow).toContainText('12.00 USDT')
    await expect(wRow).toContainText('1.00 USDT')
    await expect(wRow.locator('[data-cents="1100"]')).toHaveText('11.00 USDT')
    await consoleShot(page, 'withdrawals')
    // Approving records the payout transaction: asked for, checked, then accepted in any case
    // and with or without 0x (stored in the network's one form).
    await wRow.getByTestId('approve').click()
    await page.getByTestId('approve-confirm').click()
    await expect(page.getByText('Enter the payout transaction hash')).toBeVisible()
    await page.getByTestId('payout-tx-hash').fill(`0x${'ab'.repeat(31)}`)
    await page.getByTestId('approve-confirm').click()
    await expect(page.getByText("This is not a transaction hash of the withdrawal's network")).toBeVisible()
    await page.getByTestId('payout-tx-hash').fill(`0X${'AB'.repeat(32)}`)
    await page.getByTestId('approve-confirm').click()
    await expectConsoleToast(page, `Withdrawal #${withdrawalId} approved`)
  })

  await test.step('the books: total zero, shown as such, and the recharge among the transfers', async () => {
    await menu('Ledger').click()
    await expect(page.getByTestId('trial-total')).toHaveText('Trial balance: 0.00 USDT ✓')
    await expect(page.getByTestId('trial-total')).toHaveAttribute('data-cents', '0')
    const transfers = page.getByTestId('transfers-table').getByRole('row')
    await expect(transfers.filter({ hasText: `recharge #${approveId}` })).toContainText('25.00 USDT')
    await expect(transfers.filter({ hasText: 'Withdrawal fee' })).toContainText('1.00 USDT')
    await consoleShot(page, 'ledger')
  })

  await test.step('the user’s balance: 25.00 recharged − 12.00 withdrawn', async () => {
    await menu('Users').click()
    const search = page.getByPlaceholder('Search by email or nickname')
    await search.fill(buyerEmail)
    await search.press('Enter')
    await expect(userRow).toHaveCount(1)
    await expect(userRow.locator('[data-cents="1300"]')).toHaveText('13.00 USDT')
    await consoleShot(page, 'users')
  })

  await test.step('the audit log lists what the operator did', async () => {
    await menu('Audit log').click()
    await expect(audit.getByRole('row').filter({ hasText: `Recharge #${approveId}` })).toContainText('Recharge approved')
    await expect(audit.getByRole('row').filter({ hasText: `Recharge #${rejectId}` })).toContainText('No matching transfer on chain')
    await expect(audit.getByRole('row').filter({ hasText: 'Network #TRC20' }).first()).toContainText('Network changed')
    await expect(audit.getByRole('row').filter({ hasText: `Withdrawal #${withdrawalId}` })).toContainText('Withdrawal approved')
    await consoleShot(page, 'audit')
  })

  await test.step('lists page with the cursor: 25 more actions make a second page behind "Load more"', async () => {
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
    // This test's approval is older than the 25 changes, so on the second page (global setup's
    // approvals for the demo merchants are there too: the row is found by its recharge).
    const approved = audit.getByRole('row').filter({ hasText: `Recharge #${approveId}` })
    await expect(approved).toHaveCount(0)
    await page.getByTestId('load-more').click()
    await expect(approved).toContainText('Recharge approved')
    await expect(page.getByTestId('load-more')).toBeHidden()
  })

  await fileRecharge(buyer.token, 5000)

  await test.step('freeze and thaw the wallet, lock and unlock the account (last: locking ends the buyer’s sessions)', async () => {
    await page.goto(`admin/#/users?q=${encodeURIComponent(buyerEmail)}`)
    for (const [button, confirm, done, tag] of [
      ['freeze', 'freeze-confirm', `The wallet of ${buyerEmail} is frozen`, 'Frozen'],
      ['freeze', 'freeze-confirm', `The wallet of ${buyerEmail} is thawed`, 'Active'],
      ['lock', 'lock-confirm', `${buyerEmail} is locked`, 'Locked'],
      ['lock', 'lock-confirm', `${buyerEmail} is unlocked`, 'Active'],
    ] as const) {
      await userRow.getByTestId(button).click()
      await page.getByTestId(confirm).click()
      await expectConsoleToast(page, done)
      await expect(userRow.getByText(tag).first()).toBeVisible()
    }
    await menu('Audit log').click()
    for (const action of ['Wallet frozen', 'Wallet thawed', 'Account locked', 'Account unlocked']) {
      await expect(audit.getByRole('row').filter({ hasText: `User #` }).filter({ hasText: action })).toHaveCount(1)
    }
  })

  await test.step('a tablet in portrait: the menu folds away, the queue keeps its proof column in view', async () => {
    await page.setViewportSize({ width: 820, height: 1180 })
    await page.goto('admin/#/recharges')
    await expect(page.locator('img[src^="blob:"]').first()).toBeVisible()
    await consoleShot(page, 'tablet-recharges')
  })

  await test.step('the same console on a phone: the menu folds away, tables scroll sideways', async () => {
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
      await consoleShot(page, `mobile-${name}`)
    }
    await page.locator('.ant-layout-sider-zero-width-trigger').click()
    await expect(page.getByTestId('side-menu')).toBeVisible()
    await consoleShot(page, 'mobile-menu')
    await menu('Audit log').click()
    await expect(page.getByRole('heading', { name: 'Audit log' })).toBeVisible()
  })

  await test.step('log out', async () => {
    await page.getByTestId('logout').click()
    await expect(page).toHaveURL(/#\/login$/)
  })
})
