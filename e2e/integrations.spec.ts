import { createServer, type IncomingHttpHeaders } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { Session } from '@bazaar/contract/auth'
import type { Page } from '@playwright/test'
import { Webhook } from 'standardwebhooks'
import { registerByApi, uniqueEmail } from './support/accounts'
import { e2eBaseUrl } from './support/env'
import { applyByApi, cheapProducts, decideApplication, listProduct, uniqueShopName } from './support/merchant'
import { addAddress, dubaiAddress, payOrders, placeOrders } from './support/orders'
import { shot } from './support/screenshot'
import { chooseLanguage, startLoggedIn } from './support/session'
import { confirmDialog } from './support/shop'
import { expect, test } from './support/test'
import { shopToast } from './support/toast'
import { fundedBuyer } from './support/wallet'

/**
 * A merchant connects a tool (issue 24): on the Integrations page they create an API key and
 * a webhook endpoint (a receiver in this test, on 127.0.0.1: the e2e server runs with
 * WEBHOOKS_ALLOW_PRIVATE), a buyer pays, the receiver gets the order.paid event signed with
 * the endpoint's secret, the delivery log shows it delivered with its id, and once the
 * merchant revokes the key the API refuses it. Screenshots at 390×844 in English and Arabic.
 */

/** A receiver that verifies Standard Webhooks signatures with the secret it is given. */
async function startReceiver() {
  const got: { headers: IncomingHttpHeaders; payload: { type: string; data: { orderId: number } } }[] = []
  let secret = ''
  const server = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (c: Buffer) => chunks.push(c))
    req.on('end', () => {
      try {
        const payload = new Webhook(secret).verify(Buffer.concat(chunks).toString('utf8'), req.headers as Record<string, string>)
        got.push({ headers: req.headers, payload: payload as (typeof got)[number]['payload'] })
        res.writeHead(200).end()
      } catch {
        res.writeHead(400).end()
      }
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/bazaar-hook`,
    got,
    verifyWith: (s: string) => {
      secret = s
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

/** The orders API as a tool calls it with a key: the status it answers. */
const ordersWithKey = async (key: string) => (await fetch(`${e2eBaseUrl}api/shop/orders?tab=all`, { headers: { 'x-api-key': key } })).status

async function take(page: Page, name: string) {
  await expect(shopToast(page)).toHaveCount(0, { timeout: 5_000 })
  await shot(page, name)
}

test.describe
  .serial('a merchant connects a tool: API key, webhook, delivery log', () => {
    let merchant: Session
    let shopName = ''
    let listing: { listingId: number; skuId: number; title: string }

    test.beforeAll(async () => {
      test.setTimeout(90_000)
      merchant = await registerByApi(uniqueEmail('integrations'))
      shopName = uniqueShopName('Harbor Tools')
      await applyByApi(merchant.token, shopName)
      await decideApplication(shopName, { approve: true })
      const [product] = await cheapProducts(merchant.token, 1)
      const listed = await listProduct(merchant.token, product!.productId)
      listing = { listingId: listed.id, skuId: listed.skus[0]!.skuId, title: listed.title }
    })

    test('creates a key and an endpoint, sees a paid order’s signed event delivered, and revokes the key', async ({ page }) => {
      test.setTimeout(180_000)
      const receiver = await startReceiver()
      try {
        await startLoggedIn(page, merchant)
        await page.goto('pages/shop/index')
        await page.getByTestId('to-integrations').click()
        await expect(page.getByRole('heading', { name: 'API keys' })).toBeVisible()

        await page.getByTestId('key-name').fill('Warehouse script')
        await page.getByTestId('key-permission-orders:read').check()
        await page.getByTestId('key-permission-orders:ship').check()
        await page.getByTestId('create-key').click()
        const key = (await page.getByTestId('new-key').locator('code').textContent())?.trim() ?? ''
        expect(key).toMatch(/^bzk_/)
        expect(await ordersWithKey(key)).toBe(200)

        await page.getByTestId('hook-url').fill(receiver.url)
        await page.getByTestId('add-endpoint').click()
        const secret = (await page.getByTestId('new-secret').locator('code').textContent())?.trim() ?? ''
        expect(secret).toMatch(/^whsec_/)
        receiver.verifyWith(secret)
        await expect(page.getByTestId('endpoints')).toContainText(receiver.url)
        await expect(page.getByTestId('api-keys')).toContainText('Warehouse script')
        await take(page, 'en-merchant-integrations')

        const buyer = await fundedBuyer('integrations-buyer', '135790', 50_000)
        const addressId = (await addAddress(buyer.token, dubaiAddress)).id
        const [placed] = await placeOrders(buyer.token, [{ item: listing, quantity: 1 }], addressId)
        await payOrders(buyer.token, [placed!.id], '135790')
        await expect.poll(() => receiver.got.length, { timeout: 30_000 }).toBe(1)
        const [event] = receiver.got
        expect(event!.payload).toMatchObject({ type: 'order.paid', data: { orderId: placed!.id } })

        await page.getByTestId(/^endpoint-log-/).click()
        const delivery = page.getByTestId(/^delivery-\d+$/).first()
        await expect(delivery.getByTestId('delivery-status')).toHaveText('Delivered')
        await expect(delivery.getByTestId('delivery-reply')).toHaveText('Reply 200')
        await expect(delivery.getByTestId('delivery-signed')).toContainText(String(event!.headers['webhook-id']))
        await take(page, 'en-merchant-webhook-log')

        const logUrl = page.url()
        await chooseLanguage(page, 'ar')
        await page.reload()
        await expect(delivery.getByTestId('delivery-status')).toHaveText('تم التسليم')
        await take(page, 'ar-merchant-webhook-log')
        await page.goto('pages/shop/integrations')
        await expect(page.getByTestId('api-keys')).toBeVisible()
        await take(page, 'ar-merchant-integrations')
        await chooseLanguage(page, 'en')
        await page.goto(logUrl)
        await page.goto('pages/shop/integrations')

        await page
          .getByTestId(/^revoke-key-/)
          .first()
          .click()
        await confirmDialog(page, /confirm|ok/i)
        await expect(page.getByTestId('api-keys')).toContainText('Revoked')
        expect(await ordersWithKey(key)).toBe(401)
      } finally {
        await receiver.close()
      }
    })
  })
