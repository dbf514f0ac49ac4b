import { spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { readFileSync, writeFileSync } from 'node:fs'
import { request as httpRequest } from 'node:http'
import path from 'node:path'
import { Recharge } from '@bazaar/contract/wallet'
import { hash } from '@node-rs/argon2'
import { describe, expect, it } from 'vitest'
import { auditBalances, trialBalance } from '../modules/wallet/ledger.ts'
import { freshIp, testAppOn } from '../test/app-harness.ts'
import { testDialects } from '../test/databases.ts'
import { listingSku, newMerchant, paidOrderOf } from '../test/merchant-helpers.ts'
import { creditWallet, quickBuyers } from '../test/order-helpers.ts'
import { dataOf } from '../test/replies.ts'
import { freePort, startNodes } from '../test/two-nodes.ts'
import { openTronRecharge, operatorHeaders, proofPng, uploadImage } from '../test/wallet-helpers.ts'
import { httpRequester } from './http-requester.ts'
import { differs, type RaceFigures, race } from './race.ts'
import { writeFigures } from './results.ts'

const deployConfig = path.resolve(import.meta.dirname, '../../../../deploy/nginx-bazaar.conf')

/** nginx serving the nodes: its URL and port, which node served each request, and how to stop it. */
interface Nginx {
  url: string
  port: number
  served(): Record<string, number>
  stop(): void
}

/**
 * Runs Debian's nginx in the foreground on the shipped config, with the nodes' ports put in;
 * logs which node served each request. It listens on a free port (PROOF_NGINX_PORT to fix
 * one): when another process takes the port between the pick and nginx's bind, nginx exits
 * and another free port is tried, so a stray server on a port can never answer for it.
 */
async function startNginx(dir: string, ports: number[]): Promise<Nginx> {
  const fixed = process.env.PROOF_NGINX_PORT ? Number(process.env.PROOF_NGINX_PORT) : undefined
  for (let attempt = 1; ; attempt++) {
    const port = fixed ?? (await freePort())
    const nginx = await tryNginx(dir, ports, port)
    if (nginx) return nginx
    if (fixed !== undefined || attempt >= 5) throw new Error(`nginx did not start on port ${port} (see ${dir}/error.log)`)
  }
}

/** nginx on one port, or undefined when it exited (the port was taken) or never answered. */
async function tryNginx(dir: string, ports: number[], port: number): Promise<Nginx | undefined> {
  const site = readFileSync(deployConfig, 'utf8')
    .replace(
      /upstream bazaar_api \{[\s\S]*?\n\}/,
      `upstream bazaar_api {\n${ports.map((p) => `    server 127.0.0.1:${p} max_fails=0;`).join('\n')}\n    keepalive 32;\n}`,
    )
    .replace('listen 80;', `listen 127.0.0.1:${port};`)
  const log = path.join(dir, 'upstreams.log')
  const conf = path.join(dir, 'nginx.conf')
  writeFileSync(
    conf,
    `worker_processes 1;\npid ${dir}/nginx.pid;\nerror_log ${dir}/error.log;\nevents {}\nhttp {\n` +
      `log_format upstream '$upstream_addr';\naccess_log ${log} upstream;\n` +
      `client_body_temp_path ${dir}/body; proxy_temp_path ${dir}/proxy;\n${site}\n}\n`,
  )
  const child = spawn('nginx', ['-c', conf, '-g', 'daemon off;'], { stdio: 'inherit' })
  const exited = () => child.exitCode !== null || child.signalCode !== null
  const url = `http://127.0.0.1:${port}`
  let ready = false
  for (let i = 0; i < 100 && !exited(); i++) {
    if ((await fetch(`${url}/healthz`).catch(() => undefined))?.ok) {
      ready = true
      break
    }
    await new Promise((r) => setTimeout(r, 100))
  }
  // An answer while our nginx is gone came from whatever else holds the port.
  if (!ready || exited()) {
    child.kill('SIGTERM')
    return undefined
  }
  writeFileSync(log, '')
  const served = () => {
    const counts: Record<string, number> = {}
    for (const upstream of readFileSync(log, 'utf8').split('\n').filter(Boolean)) counts[upstream] = (counts[upstream] ?? 0) + 1
    return counts
  }
  return { url, port, served, stop: () => child.kill('SIGTERM') }
}

/** A wrong sign-in sent to nginx from a given local address; resolves with the status. */
function loginFrom(nginxPort: number, localAddress: string, email: string): Promise<number> {
  const body = JSON.stringify({ email, password: 'wrong-password-1' })
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: '127.0.0.1',
        port: nginxPort,
        path: '/api/auth/login',
        method: 'POST',
        localAddress,
        headers: { 'content-type': 'application/json' },
      },
      (res) => {
        res.resume()
        res.on('end', () => resolve(res.statusCode ?? 0))
      },
    )
    req.once('error', reject)
    req.end(body)
  })
}

/**
 * Two nodes behind nginx (issue 16; README, Several machines): two server processes on one
 * PostgreSQL and one Redis, one shared uploads folder and secrets from the environment, behind
 * Debian's nginx running deploy/nginx-bazaar.conf (round robin, no sticky sessions). Races
 * sent through nginx land on both nodes and still have one winner; a per-IP limit holds as one
 * limit across both. Figures: bench/results/proof-nodes.json.
 */
describe.skipIf(!(await testDialects()).includes('postgres'))('two nodes behind nginx', () => {
  it('lets one request win every race spread across both nodes, and counts one per-IP limit across them', async () => {
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
      const clientAddress = `127.${1 + Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.${1 + Math.floor(Math.random() * 250)}`
      const logins = await Promise.all(
        Array.from({ length: 100 }, (_, i) => loginFrom(nginx.port, clientAddress, `nobody${i}@example.com`)),
      )
      const passedLimit = logins.filter((status) => status !== 429).length
      const served = nginx.served()
      const ledger = {
        trialBalanceCents: (await trialBalance(t.db.kysely)).totalCents,
        replayMismatches: (await auditBalances(t.db.kysely)).length,
      }
      Object.assign(figures, { races, loginsAnsweredOfOneHundred: passedLimit, loginLimit: 20, requestsPerNode: served, ...ledger })
      for (const r of Object.values(races)) expect(r.problems).toEqual([])
      expect(passedLimit).toBeLessThanOrEqual(20)
      expect(Object.keys(served)).toHaveLength(2)
      expect(Math.min(...Object.values(served))).toBeGreaterThan(200)
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
