import { randomBytes } from 'node:crypto'
import { Recharge } from '@bazaar/contract/wallet'
import { hash } from '@node-rs/argon2'
import { describe, expect, it } from 'vitest'
import { auditBalances, trialBalance } from '../modules/wallet/ledger.ts'
import { freshIp, testAppOn } from '../test/app-harness.ts'
import { testDialects } from '../test/databases.ts'
import { listingSku, newMerchant, paidOrderOf } from '../test/merchant-helpers.ts'
import { creditWallet, quickBuyers } from '../test/order-helpers.ts'
import { dataOf } from '../test/replies.ts'
import { startNodes } from '../test/two-nodes.ts'
import { openTronRecharge, operatorHeaders, proofPng, uploadImage } from '../test/wallet-helpers.ts'
import { httpRequester } from './http-requester.ts'
import { answeredByNode, failTimeoutMs, loopbackClient, replayableRouteProblems, requestFrom, startNginx } from './nginx.ts'
import { loadThroughDeath } from './node-death.ts'
import { differs, type RaceFigures, race } from './race.ts'
import { writeFigures } from './results.ts'

/**
 * Two nodes behind nginx (issue 16; README, Several machines): two server processes on one
 * PostgreSQL and one Redis, one shared uploads folder and secrets from the environment, behind
 * Debian's nginx running deploy/nginx-bazaar.conf (round robin, no sticky sessions). Races
 * sent through nginx land on both nodes and still have one winner; a per-IP limit holds as one
 * limit across both; /metrics is not served through nginx; the POSTs nginx may send on to a
 * second node are exactly the keyed routes. Then one node is killed under load
 * (node-death.ts): the other answers every request after the fail timeout, and nothing runs
 * twice. Figures: bench/results/proof-nodes.json.
 */
describe.skipIf(!(await testDialects()).includes('postgres'))('two nodes behind nginx', () => {
  it('lets one request win every race spread across both nodes, counts one per-IP limit across them, and survives the death of one', async () => {
    process.env.PIN_SECRET ??= randomBytes(32).toString('hex')
    const cluster = await startNodes({ stderr: 'ignore', env: { TRUST_PROXY: 'true', LOG_LEVEL: 'fatal' } })
    const t = await testAppOn(cluster.database, { PIN_SECRET: process.env.PIN_SECRET })
    const nginx = await startNginx(
      cluster.database.dataDir,
      cluster.nodes.map((n) => n.port),
    )
    const figures: Record<string, unknown> = {}
    let held = false
    try {
      const admin = await operatorHeaders(t)
      await openTronRecharge(t, admin)
      const merchant = await newMerchant(t, admin, 'nodes-merchant@example.com', 'Nodes Shop', 1_000_000_000)
      await t.post(`/api/admin/shops/${merchant.shopId}/credit`, { creditScore: 90 }, { headers: admin })
      for (const productId of [1, 2]) await t.post('/api/shop/listings', { productId, stock: 1000 }, { token: merchant.token })
      const sku = await listingSku(t, merchant.shopId)
      const buyers = await quickBuyers(t, 100, await hash('123456'))
      for (const b of buyers.slice(0, 3)) await creditWallet(t, b.userId, 100_000_000)
      const proof = await uploadImage(t, buyers[1]!.token, await proofPng())
      const send = httpRequester(nginx.url)
      const post = (url: string, body: object, who: { token?: string; headers?: Record<string, string> }) =>
        send('POST', url, body, { ...who, ip: freshIp() })
      const races: Record<string, RaceFigures> = {}
      races.lastUnitOfStock = await race({
        setup: async () => {
          await t.db.kysely
            .updateTable('listing_skus')
            .set({ stock: 1 })
            .where('listing_id', '=', sku.listing_id)
            .where('sku_id', '=', sku.sku_id)
            .execute()
        },
        fire: (_s, i) =>
          post(
            '/api/orders',
            { lines: [{ listingId: sku.listing_id, skuId: sku.sku_id, quantity: 1 }], addressId: buyers[i]!.addressId },
            buyers[i]!,
          ),
        check: async () => differs('stock', (await listingSku(t, merchant.shopId, sku.listing_id)).stock, 0),
      })
      await t.db.kysely.updateTable('listing_skus').set({ stock: 1_000_000 }).where('listing_id', '=', sku.listing_id).execute()
      races.approveRecharge = await race({
        setup: async () =>
          dataOf(
            Recharge,
            await t.post(
              '/api/wallet/recharges',
              { networkCode: 'TRC20', amountCents: 777, proofUploadId: proof.id },
              { token: buyers[1]!.token, ip: freshIp() },
            ),
          ).id,
        fire: (id) => post(`/api/admin/recharges/${id}/approve`, {}, { headers: admin }),
        check: async (id) =>
          differs(
            'recharge transfers',
            (
              await t.db.kysely
                .selectFrom('ledger_transfers')
                .select('id')
                .where('kind', '=', 'recharge')
                .where('reference_type', '=', 'recharge')
                .where('reference_id', '=', id)
                .execute()
            ).length,
            1,
          ),
      })
      races.shipPurchasePayment = await race({
        setup: async () => paidOrderOf(t, buyers[2]!, { listingId: sku.listing_id, skuId: sku.sku_id, quantity: 1 }),
        fire: (o, i) => post(`/api/shop/orders/${o.id}/ship`, { carrier: 'DHL', trackingNo: `NODE${i}0000` }, merchant),
        check: async (o) =>
          differs(
            'purchase payments',
            (
              await t.db.kysely
                .selectFrom('ledger_transfers')
                .select('id')
                .where('kind', '=', 'purchase_payment')
                .where('order_id', '=', o.id)
                .execute()
            ).length,
            1,
          ),
      })
      // One client address (nginx sets it from the connection: a loopback address of this run),
      // 100 wrong sign-ins spread over both nodes: the per-IP limit is 20.
      const clientAddress = loopbackClient()
      const logins = await Promise.all(
        Array.from({ length: 100 }, (_, i) =>
          requestFrom(nginx.port, clientAddress, 'POST', '/api/auth/login', {
            body: { email: `nobody${i}@example.com`, password: 'wrong-password-1' },
          }),
        ),
      )
      const passedLimit = logins.filter((a) => a.status !== 429).length
      const served = nginx.served()
      // /metrics stays on each machine: nginx answers 404 itself, the node answers its loopback.
      const metrics = {
        throughNginx: (await fetch(`${nginx.url}/metrics`)).status,
        onNodeLoopback: (await fetch(`${cluster.nodes[0]!.url}/metrics`)).status,
      }
      const routeMapProblems = await replayableRouteProblems(t.app, nginx)
      Object.assign(figures, { races, loginsAnsweredOfOneHundred: passedLimit, loginLimit: 20, requestsPerNode: served, metrics })
      for (const r of Object.values(races)) expect(r.problems).toEqual([])
      expect(logins.every(answeredByNode)).toBe(true)
      expect(passedLimit).toBeLessThanOrEqual(20)
      expect(Object.keys(served)).toHaveLength(2)
      expect(Math.min(...Object.values(served))).toBeGreaterThan(200)
      expect(metrics).toEqual({ throughNginx: 404, onNodeLoopback: 200 })
      expect(routeMapProblems).toEqual([])

      // One node dies under load (SIGKILL): the other answers everything after the fail timeout,
      // nothing runs twice, and the races fired as it died still have one winner.
      const death = await loadThroughDeath({ t, nginx, victim: cluster.nodes[1]!, buyers, sku, failTimeoutMs: failTimeoutMs() })
      const ledger = {
        trialBalanceCents: (await trialBalance(t.db.kysely)).totalCents,
        replayMismatches: (await auditBalances(t.db.kysely)).length,
      }
      Object.assign(figures, { nodeDeath: death, failTimeoutMs: failTimeoutMs(), ...ledger })
      expect(death.problems).toEqual([])
      expect(ledger).toEqual({ trialBalanceCents: 0, replayMismatches: 0 })
      held = true
    } finally {
      writeFigures('nodes', figures, held)
      nginx.stop()
      await t.app.close()
      await cluster.close()
    }
  })
})
