import type { Address } from 'viem'
import { buyerWithPaymentPassword } from './support/accounts'
import { bep20Stage } from './support/chain'
import { consoleViewport, logIn, openSection } from './support/console'
import { consoleShot, shot } from './support/screenshot'
import { chooseLanguage, startLoggedIn } from './support/session'
import { expect, test } from './support/test'

/**
 * A deposit credited by the chain itself (issue 21), in Chromium against the real server and
 * a real EVM node (anvil): the buyer opens recharge on BEP20 and sees their own address with
 * its QR code and the network's warning; a transfer is mined; the page counts the
 * confirmations live over the socket and then shows the credit; the wallet shows the balance.
 * The operator sees the watcher on the Networks page and the deposit on the Reconciliation
 * page. Screenshots in English and Arabic.
 */
/** The first check on a page waits for its accessibility scan too (a11y.ts), slow on a loaded machine. */
const firstOnPage = { timeout: 30_000 }

test('a deposit to the own address counts its confirmations live, is credited without a person, and shows in the wallet', async ({
  page,
  context,
}) => {
  test.setTimeout(180_000)
  const chain = await bep20Stage()
  const session = await buyerWithPaymentPassword('chain', '246810')
  await startLoggedIn(page, session)

  const address = await test.step('recharge on BEP20: the own address, its QR code and the network warning', async () => {
    await page.goto('/pages/member/recharge')
    await page.getByTestId('network-BEP20').click(firstOnPage)
    const shown = page.getByTestId('deposit-address')
    await expect(shown).toHaveText(/^0x[0-9a-fA-F]{40}$/, firstOnPage)
    await expect(page.getByTestId('deposit-qr')).toBeVisible()
    await expect(page.getByTestId('network-warning')).toContainText('Send only USDT over BNB Smart Chain (BEP20)')
    await expect(page.getByTestId('network-warning')).toContainText('3 network confirmations')
    await expect(page.getByTestId('chain-deposits')).toContainText('Nothing has arrived yet')
    await expect(page.getByTestId('open-proof')).toBeVisible()
    await shot(page, 'en-recharge-chain')
    return (await shown.textContent()) as Address
  })

  await test.step('a transfer is mined: seen, 1 of 3; then 2 of 3; then credited', async () => {
    const txHash = await chain.send(address, 4_250)
    const deposit = page.getByTestId('chain-deposit')
    await expect(deposit).toHaveAttribute('data-confirmations', '1')
    await expect(deposit).toContainText('Seen, 1 of 3 confirmations')
    await expect(deposit).toContainText(txHash)
    await expect(deposit.locator('[data-cents="4250"]')).toBeVisible()
    await shot(page, 'en-recharge-chain-confirming')
    await chain.mine(1)
    await expect(deposit).toContainText('Seen, 2 of 3 confirmations')
    await chain.mine(1)
    await expect(deposit).toHaveAttribute('data-status', 'credited')
    await expect(deposit).toContainText('Credited')
    await shot(page, 'en-recharge-chain-credited')
  })

  await test.step('the wallet shows the balance and the deposit as an approved recharge with its hash', async () => {
    await page.goto('/pages/member/money')
    await expect(page.getByTestId('wallet-available')).toHaveAttribute('data-cents', '4250', firstOnPage)
    const record = page.getByTestId('wallet-record').filter({ has: page.locator('[data-cents="4250"]') })
    await expect(record).toHaveAttribute('data-status', 'approved')
    await expect(record.getByTestId('record-tx')).toBeVisible()
  })

  await test.step('the same page in Arabic, right to left', async () => {
    const arabic = await context.newPage()
    await chooseLanguage(arabic, 'ar')
    await startLoggedIn(arabic, session)
    await arabic.goto('/pages/member/recharge')
    await arabic.getByTestId('network-BEP20').click(firstOnPage)
    await expect(arabic.locator('html')).toHaveAttribute('dir', 'rtl', firstOnPage)
    await expect(arabic.getByTestId('chain-deposit')).toHaveAttribute('data-status', 'credited')
    await shot(arabic, 'ar-recharge-chain')
    await arabic.close()
  })

  await test.step('the operator sees the watcher and the deposit in the console', async () => {
    const tab = await context.newPage()
    await tab.setViewportSize(consoleViewport)
    await logIn(tab)
    await openSection(tab, 'Networks')
    await expect(tab.getByTestId('chain-BEP20').getByTestId('chain-state')).toHaveText('Watching', firstOnPage)
    await consoleShot(tab, 'networks-chain')
    await openSection(tab, 'Reconciliation')
    await expect(tab.getByTestId('flows-table').getByRole('row').filter({ hasText: 'BEP20' })).toContainText('42.50', firstOnPage)
    await expect(tab.getByTestId('custody-difference')).toBeVisible()
    await consoleShot(tab, 'reconciliation')
    await tab.close()
  })
})
