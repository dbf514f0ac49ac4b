import { QueuePage } from '@bazaar/contract/admin'
import { Order } from '@bazaar/contract/orders'
import { Network, Recharge, WalletSummary, Withdrawal, WithdrawalAddress } from '@bazaar/contract/wallet'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, freshIp, type TestApp } from '../../test/app-harness.ts'
import { testDialects } from '../../test/databases.ts'
import { shopper, skuOfShop } from '../../test/order-helpers.ts'
import { dataOf, itemsOf } from '../../test/replies.ts'
import {
  evmAddress,
  openTronRecharge,
  operatorHeaders,
  proofPng,
  saveWithdrawalAddress,
  tronAddress,
  uploadImage,
} from '../../test/wallet-helpers.ts'
import { trialBalance } from './ledger.ts'

/**
 * Money holes found from outside: one deposit credited three times, a frozen wallet that
 * could still order and be paid out. Each test here failed on the code before the fix.
 */
describe.each(await testDialects())('money holes on %s', (dialect) => {
  let t: TestApp
  let admin: Record<string, string>
  beforeAll(async () => {
    t = await createTestApp(dialect)
    admin = await operatorHeaders(t)
    await openTronRecharge(t, admin)
  })
  afterAll(async () => t?.close())

  const wallet = async (token: string) => (await t.get('/api/wallet', { token, schema: WalletSummary })).body.data
  const fileRecharge = async (token: string, txHash: string) => {
    const proof = await uploadImage(t, token, await proofPng())
    return t.post(
      '/api/wallet/recharges',
      { networkCode: 'TRC20', amountCents: 50_000, proofUploadId: proof.id, txHash },
      { token, ip: freshIp() },
    )
  }

  it('accepts a deposit tx hash once per network, even from 100 requests at once', async () => {
    const first = await shopper(t, admin, 'hash-one@example.com', 0)
    const second = await shopper(t, admin, 'hash-two@example.com', 0)
    const txHash = 'a1'.repeat(32)
    expect((await fileRecharge(first.token, txHash)).status).toBe(200)
    expect(await fileRecharge(second.token, txHash)).toMatchObject({ status: 409, body: { msg: 'Transaction hash already used' } })
    const burstHash = 'b2'.repeat(32)
    // One proof each, uploaded one after another (the image queue refuses more than it holds).
    const proofs = []
    for (let n = 0; n < 100; n++) proofs.push(await uploadImage(t, first.token, await proofPng()))
    const answers = await Promise.all(
      proofs.map((proof) =>
        t.post(
          '/api/wallet/recharges',
          { networkCode: 'TRC20', amountCents: 50_000, proofUploadId: proof.id, txHash: burstHash },
          { token: first.token, ip: freshIp() },
        ),
      ),
    )
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1)
    expect(answers.filter((a) => a.status !== 200).every((a) => a.body.msg === 'Transaction hash already used')).toBe(true)
    const pending = (await t.get('/api/admin/recharges?status=pending&limit=100', { headers: admin, schema: QueuePage })).body.data.items
    expect(pending.filter((r) => r.txHash === burstHash)).toHaveLength(1)
  })

  it('takes one transfer once in every case and prefix form a person may paste (TRON and EVM)', async () => {
    const evmNetwork = { withdrawalFeeCents: 500, withdrawalMinCents: 2000, withdrawalMaxCents: 1_000_000, monthlyWithdrawalCap: 10 }
    await t.put(
      '/api/admin/networks/ERC20',
      { ...evmNetwork, depositAddress: evmAddress, withdrawalsEnabled: true },
      { headers: admin, schema: Network },
    )
    const first = await shopper(t, admin, 'hash-case-one@example.com', 0)
    const second = await shopper(t, admin, 'hash-case-two@example.com', 0)
    const fileOn = async (token: string, networkCode: string, txHash: string) => {
      const proof = await uploadImage(t, token, await proofPng())
      return t.post('/api/wallet/recharges', { networkCode, amountCents: 1_000, proofUploadId: proof.id, txHash }, { token, ip: freshIp() })
    }
    const hex = '9f'.repeat(16) + 'ab'.repeat(16)
    const mixed = [...hex].map((c, i) => (i % 2 ? c.toUpperCase() : c)).join('')
    const forms = { TRC20: [hex, hex.toUpperCase(), `0x${hex}`, `0X${hex.toUpperCase()}`, mixed], ERC20: [] as string[] }
    forms.ERC20 = [`0x${hex}`, `0x${hex.toUpperCase()}`, hex, `0X${mixed}`, hex.toUpperCase()]
    for (const [networkCode, [original, ...others]] of Object.entries(forms)) {
      const filed = dataOf(Recharge, await fileOn(first.token, networkCode, original!))
      expect(filed.txHash).toBe(networkCode === 'ERC20' ? `0x${hex}` : hex)
      for (const [n, form] of others.entries())
        expect(await fileOn(n % 2 ? first.token : second.token, networkCode, form), `${networkCode} ${form}`).toMatchObject({
          status: 409,
          body: { msg: 'Transaction hash already used' },
        })
    }
    const filed = await t.db.kysely
      .selectFrom('recharges')
      .select('tx_hash')
      .where('user_id', 'in', [first.userId, second.userId])
      .execute()
    expect(filed).toHaveLength(2)
  })

  it('credits a transfer once when an operator approves it and a duplicate of it filed before hashes had one form', async () => {
    const buyer = await shopper(t, admin, 'hash-twice@example.com', 0)
    const recharge = dataOf(Recharge, await fileRecharge(buyer.token, 'e7'.repeat(32)))
    // Filed before hashes had one form: the same transfer in upper case, marked by migration 015.
    const legacy = await t.db.kysely
      .insertInto('recharges')
      .values({
        user_id: buyer.userId,
        network_code: 'TRC20',
        amount_cents: 50_000,
        proof_upload_id: recharge.proofUploadId,
        tx_hash: 'e7'.repeat(32),
        duplicate_of_recharge_id: recharge.id,
        status: 'pending',
        created_at_ms: Date.now(),
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    for (const id of [legacy.id, recharge.id]) {
      const answers = await Promise.all([1, 2].map(() => t.post(`/api/admin/recharges/${id}/approve`, {}, { headers: admin })))
      expect(answers.filter((a) => a.status === 200).length).toBeLessThanOrEqual(1)
    }
    expect((await wallet(buyer.token)).availableCents).toBe(50_000)
    const refused = await t.post(`/api/admin/recharges/${recharge.id}/approve`, {}, { headers: admin })
    expect(refused.body.msg).toMatch(/Transaction hash already used|Request already handled/)
    expect((await trialBalance(t.db.kysely)).totalCents).toBe(0)
  })

  it('marks an older duplicate tx hash for the console instead of letting it through silently', async () => {
    const buyer = await shopper(t, admin, 'hash-legacy@example.com', 0)
    const recharge = dataOf(Recharge, await fileRecharge(buyer.token, 'c3'.repeat(32)))
    // A recharge filed before hashes were unique repeats it (written as the migration finds such rows).
    const legacy = await t.db.kysely
      .insertInto('recharges')
      .values({
        user_id: buyer.userId,
        network_code: 'TRC20',
        amount_cents: 50_000,
        proof_upload_id: recharge.proofUploadId,
        tx_hash: 'c3'.repeat(32),
        duplicate_of_recharge_id: recharge.id,
        status: 'pending',
        created_at_ms: Date.now(),
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    const queue = (await t.get('/api/admin/recharges?status=pending&limit=100', { headers: admin, schema: QueuePage })).body.data.items
    expect(queue.find((r) => r.id === legacy.id)).toMatchObject({ duplicateOfRechargeId: recharge.id })
  })

  it('refuses a frozen wallet an order (nothing left behind) and refuses its withdrawal to the operator', async () => {
    const buyer = await shopper(t, admin, 'frozen@example.com')
    const address = dataOf(WithdrawalAddress, await saveWithdrawalAddress(t, buyer, 'TRC20', tronAddress))
    const withdrawal = dataOf(
      Withdrawal,
      await t.post(
        '/api/wallet/withdrawals',
        { networkCode: 'TRC20', addressId: address.id, amountCents: 20_000, paymentPassword: '123456' },
        { token: buyer.token, ip: freshIp() },
      ),
    )
    expect((await t.post(`/api/admin/users/${buyer.userId}/freeze`, { frozen: true }, { headers: admin })).status).toBe(200)
    const sku = await skuOfShop(t, 'Gadget Harbor', 5)
    const ordersBefore = await t.db.kysely.selectFrom('orders').select('id').where('user_id', '=', buyer.userId).execute()
    const ordered = await t.post(
      '/api/orders',
      { lines: [{ listingId: sku.listing_id, skuId: sku.sku_id, quantity: 1 }], addressId: buyer.addressId },
      { token: buyer.token },
    )
    expect(ordered).toMatchObject({ status: 403, body: { msg: 'Money Status is locked' } })
    expect(await t.db.kysely.selectFrom('orders').select('id').where('user_id', '=', buyer.userId).execute()).toEqual(ordersBefore)
    const approved = await t.post(`/api/admin/withdrawals/${withdrawal.id}/approve`, { payoutTxHash: 'd4'.repeat(32) }, { headers: admin })
    expect(approved).toMatchObject({ status: 403, body: { msg: 'Money Status is locked' } })
    expect(await wallet(buyer.token)).toMatchObject({ heldCents: 20_000, walletStatus: 'frozen' })
    // Thawed, the same approval goes through.
    await t.post(`/api/admin/users/${buyer.userId}/freeze`, { frozen: false }, { headers: admin })
    expect(
      dataOf(
        Withdrawal,
        await t.post(`/api/admin/withdrawals/${withdrawal.id}/approve`, { payoutTxHash: 'd4'.repeat(32) }, { headers: admin }),
      ),
    ).toMatchObject({
      status: 'approved',
    })
    expect(
      dataOf(
        itemsOf(Order),
        await t.post(
          '/api/orders',
          { lines: [{ listingId: sku.listing_id, skuId: sku.sku_id, quantity: 1 }], addressId: buyer.addressId },
          { token: buyer.token },
        ),
      ).items,
    ).toHaveLength(1)
    expect((await trialBalance(t.db.kysely)).totalCents).toBe(0)
  })
})
