import { Recharge, RecordPage, WalletSummary, Withdrawal, WithdrawalAddress } from '@bazaar/contract/wallet'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { createTestApp, freshIp, type TestApp } from '../../test/app-harness.ts'
import { testDialects } from '../../test/databases.ts'
import { dataOf, itemsOf } from '../../test/replies.ts'
import {
  buyerWithPaymentPassword,
  evmAddress,
  fundedBy,
  openTronRecharge,
  operatorHeaders,
  proofPng,
  saveWithdrawalAddress,
  tronAddress,
  uploadImage,
} from '../../test/wallet-helpers.ts'
import { auditBalances, trialBalance } from './ledger.ts'

describe.each(await testDialects())('wallet on %s', (dialect) => {
  let t: TestApp
  let admin: Record<string, string>
  beforeAll(async () => {
    t = await createTestApp(dialect)
    admin = await operatorHeaders(t)
    await openTronRecharge(t, admin)
  })
  afterAll(async () => t?.close())

  const wallet = async (token: string) => (await t.get('/api/wallet', { token, schema: WalletSummary })).body.data
  const records = async (token: string, query = '') =>
    (await t.get(`/api/wallet/records${query}`, { token, schema: RecordPage })).body.data.items
  /** Saves the buyer's TRC20 withdrawal address (password and e-mail code) and returns its id. */
  const tronAddressId = async (buyer: { token: string; email: string }) =>
    dataOf(WithdrawalAddress, await saveWithdrawalAddress(t, buyer, 'TRC20', tronAddress)).id
  const withdrawalCount = async (userId: number) =>
    (await t.db.kysely.selectFrom('withdrawals').select('id').where('user_id', '=', userId).execute()).length
  const expectLedgerSound = async () => {
    expect((await trialBalance(t.db.kysely)).totalCents).toBe(0)
    expect(await auditBalances(t.db.kysely)).toEqual([])
  }

  describe('recharge', () => {
    it('files a recharge with a proof, credits the wallet only when an operator approves, and shows it in the records', async () => {
      const buyer = await buyerWithPaymentPassword(t, 'recharge@example.com')
      const proof = await uploadImage(t, buyer.token, await proofPng())
      expect(proof).toMatchObject({ width: 64, height: 48 })
      const res = await t.post(
        '/api/wallet/recharges',
        { networkCode: 'TRC20', amountCents: 12_345, proofUploadId: proof.id, txHash: 'a'.repeat(64) },
        { token: buyer.token, schema: Recharge },
      )
      expect(res.body.data).toMatchObject({ status: 'pending', amountCents: 12_345 })
      expect((await wallet(buyer.token)).availableCents).toBe(0)
      const approved = await t.post(`/api/admin/recharges/${res.body.data.id}/approve`, {}, { headers: admin, schema: Recharge })
      expect(approved.body.data.status).toBe('approved')
      expect((await wallet(buyer.token)).availableCents).toBe(12_345)
      const again = await t.post(`/api/admin/recharges/${res.body.data.id}/approve`, {}, { headers: admin })
      expect(again.body.msg).toBe('Request already handled')
      expect((await wallet(buyer.token)).availableCents).toBe(12_345)
      expect((await records(buyer.token))[0]).toMatchObject({
        kind: 'recharge',
        type: 'system_business',
        status: 'approved',
        amountCents: 12_345,
      })
      await expectLedgerSound()
    })

    it('rejects with a reason and moves nothing; the reason shows in the records', async () => {
      const buyer = await buyerWithPaymentPassword(t, 'rejected@example.com')
      const proof = await uploadImage(t, buyer.token, await proofPng())
      const res = await t.post(
        '/api/wallet/recharges',
        { networkCode: 'TRC20', amountCents: 5_000, proofUploadId: proof.id },
        { token: buyer.token, schema: Recharge },
      )
      await t.post(`/api/admin/recharges/${res.body.data.id}/reject`, { reason: 'No transfer found' }, { headers: admin, schema: Recharge })
      expect((await wallet(buyer.token)).availableCents).toBe(0)
      expect((await records(buyer.token))[0]).toMatchObject({
        status: 'rejected',
        note: 'No transfer found',
      })
    })

    it('refuses each bad recharge with its key and files nothing', async () => {
      const buyer = await buyerWithPaymentPassword(t, 'bad-recharge@example.com')
      const proof = (await uploadImage(t, buyer.token, await proofPng())).id
      const other = await buyerWithPaymentPassword(t, 'other-proof@example.com')
      const othersProof = (await uploadImage(t, other.token, await proofPng())).id
      const post = (body: object) => t.post('/api/wallet/recharges', body, { token: buyer.token })
      expect((await post({ networkCode: 'TRC20', proofUploadId: proof })).body.msg).toBe('Please enter the recharge amount')
      expect((await post({ networkCode: 'TRC20', amountCents: 0, proofUploadId: proof })).body.msg).toBe('Please enter the recharge amount')
      expect((await post({ networkCode: 'TRC20', amountCents: 12.5, proofUploadId: proof })).body.msg).toBe(
        'Please enter the recharge amount',
      )
      expect((await post({ amountCents: 100, proofUploadId: proof })).body.msg).toBe('select a recharge method')
      expect((await post({ networkCode: 'NOPE', amountCents: 100, proofUploadId: proof })).body.msg).toBe('select a recharge method')
      expect((await post({ networkCode: 'ERC20', amountCents: 100, proofUploadId: proof })).body.msg).toBe(
        'Recharge closed on this network',
      )
      expect((await post({ networkCode: 'TRC20', amountCents: 100 })).body.msg).toBe('upload the transfer attachment')
      expect((await post({ networkCode: 'TRC20', amountCents: 100, proofUploadId: othersProof })).body.msg).toBe(
        'upload the transfer attachment',
      )
      // Malformed hashes (too short, not hex, too long): the reply names the field and why.
      for (const txHash of ['0x123', `0x${'g'.repeat(64)}`, 'a'.repeat(66)]) {
        expect(await post({ networkCode: 'TRC20', amountCents: 100, proofUploadId: proof, txHash })).toMatchObject({
          status: 400,
          body: { msg: 'Invalid transaction hash', data: { fields: { txHash: 'Invalid transaction hash' } } },
        })
      }
      expect(await t.db.kysely.selectFrom('recharges').select('id').where('user_id', '=', buyer.userId).execute()).toEqual([])
    })
  })

  describe('withdrawal', () => {
    it('saves addresses only when their checksum holds', async () => {
      const buyer = await buyerWithPaymentPassword(t, 'addresses@example.com')
      const save = (networkCode: string, address: string) => saveWithdrawalAddress(t, buyer, networkCode, address)
      expect(dataOf(WithdrawalAddress, await save('TRC20', tronAddress)).address).toBe(tronAddress)
      expect((await save('TRC20', `${tronAddress.slice(0, -1)}9`)).body.msg).toBe('Invalid address')
      expect((await save('ERC20', evmAddress)).body.code).toBe(1)
      expect((await save('ERC20', evmAddress.toLowerCase())).body.msg).toBe('Invalid address')
      expect((await save('BEP20', evmAddress.replace('E7', 'e7'))).body.msg).toBe('Invalid address')
      expect((await save('ERC20', tronAddress)).body.msg).toBe('Invalid address')
      expect(
        (await t.get('/api/wallet/addresses', { token: buyer.token, schema: itemsOf(WithdrawalAddress) })).body.data.items,
      ).toHaveLength(2)
    })

    it('holds the amount at once; approval pays out less the fee, rejection returns it', async () => {
      const buyer = await buyerWithPaymentPassword(t, 'withdraw@example.com')
      await fundedBy(t, buyer, admin, 50_000)
      const address = await tronAddressId(buyer)
      const first = await t.post(
        '/api/wallet/withdrawals',
        { networkCode: 'TRC20', addressId: address, amountCents: 20_000, paymentPassword: '123456' },
        { token: buyer.token, schema: Withdrawal },
      )
      expect(first.body.data).toMatchObject({ status: 'pending', feeCents: 100, receivedCents: 19_900 })
      expect(await wallet(buyer.token)).toMatchObject({ availableCents: 30_000, heldCents: 20_000 })
      const approve = (payoutTxHash: string) =>
        t.post(`/api/admin/withdrawals/${first.body.data.id}/approve`, { payoutTxHash }, { headers: admin })
      expect(await approve(`0x${'ab'.repeat(31)}`)).toMatchObject({
        status: 400,
        body: { msg: 'Invalid parameters', data: { fields: { payoutTxHash: 'Invalid parameters' } } },
      })
      expect(await wallet(buyer.token)).toMatchObject({ availableCents: 30_000, heldCents: 20_000 })
      // Pasted in upper case with a prefix, stored in TRON's one form.
      const payoutTxHash = 'ab'.repeat(32)
      expect(dataOf(Withdrawal, await approve(`0X${payoutTxHash.toUpperCase()}`))).toMatchObject({ status: 'approved', payoutTxHash })
      expect(await wallet(buyer.token)).toMatchObject({ availableCents: 30_000, heldCents: 0 })
      const listed = await t.get('/api/wallet/records', { token: buyer.token, schema: RecordPage })
      expect(listed.body.data.items.find((r) => r.id === `w${first.body.data.id}`)).toMatchObject({ status: 'approved', payoutTxHash })
      const second = await t.post(
        '/api/wallet/withdrawals',
        { networkCode: 'TRC20', addressId: address, amountCents: 10_000, paymentPassword: '123456' },
        { token: buyer.token, schema: Withdrawal },
      )
      const reason = { reason: 'Address under review' }
      await t.post(`/api/admin/withdrawals/${second.body.data.id}/reject`, reason, { headers: admin, schema: Withdrawal })
      expect(await wallet(buyer.token)).toMatchObject({ availableCents: 30_000, heldCents: 0 })
      const kinds = (await records(buyer.token)).map((r) => `${r.kind}:${r.status}:${r.amountCents}`)
      expect(kinds).toEqual(['withdrawal:rejected:-10000', 'withdrawal:approved:-20000', 'recharge:approved:50000'])
      expect(await records(buyer.token, '?type=goods_trade')).toEqual([])
      await expectLedgerSound()
    })

    it('refuses each bad withdrawal with its key and moves nothing', async () => {
      const buyer = await buyerWithPaymentPassword(t, 'bad-withdraw@example.com')
      await fundedBy(t, buyer, admin, 5_000)
      const addressId = await tronAddressId(buyer)
      const ask = (body: object, token = buyer.token) =>
        t.post(
          '/api/wallet/withdrawals',
          { networkCode: 'TRC20', addressId, amountCents: 2_000, paymentPassword: '123456', ...body },
          { token, ip: freshIp() },
        )
      expect((await ask({ networkCode: undefined })).body.msg).toBe('select withdrawal network')
      expect((await ask({ addressId: undefined })).body.msg).toBe('enter withdrawal address')
      expect((await ask({ addressId: 999_999 })).body.msg).toBe('enter withdrawal address')
      expect((await ask({ amountCents: 999 })).body.msg).toBe('withdrawal amount incorrect')
      expect((await ask({ amountCents: 2_000_000 })).body.msg).toBe('exceeds withdrawal limit')
      expect((await ask({ amountCents: 6_000 })).body.msg).toBe('Insufficient balance')
      expect((await ask({ paymentPassword: '654321' })).body.msg).toBe('payment password error')
      const pin = await t.db.kysely
        .selectFrom('users')
        .select('payment_password_hash')
        .where('id', '=', buyer.userId)
        .executeTakeFirstOrThrow()
      await t.db.kysely.updateTable('users').set({ payment_password_hash: null }).where('id', '=', buyer.userId).execute()
      expect(await ask({})).toMatchObject({ status: 406, body: { code: 406, msg: 'set the payment password' } })
      await t.db.kysely.updateTable('users').set(pin).where('id', '=', buyer.userId).execute()
      await t.db.kysely.updateTable('networks').set({ withdrawals_enabled: 0 }).where('code', '=', 'TRC20').execute()
      expect((await ask({})).body.msg).toBe('withdrawal function closed')
      await t.db.kysely.updateTable('networks').set({ withdrawals_enabled: 1 }).where('code', '=', 'TRC20').execute()
      const freeze = (frozen: boolean) =>
        t.post(`/api/admin/users/${buyer.userId}/freeze`, { frozen }, { headers: admin, schema: z.null() })
      await freeze(true)
      expect(await ask({})).toMatchObject({ status: 403, body: { msg: 'Money Status is locked' } })
      await freeze(false)
      expect(await withdrawalCount(buyer.userId)).toBe(0)
      expect(await wallet(buyer.token)).toMatchObject({ availableCents: 5_000, heldCents: 0 })
    })

    it('locks the payment password for a while after 5 wrong tries', async () => {
      const buyer = await buyerWithPaymentPassword(t, 'pin-lock@example.com')
      await fundedBy(t, buyer, admin, 5_000)
      const addressId = await tronAddressId(buyer)
      const ask = (pin: string) =>
        t.post(
          '/api/wallet/withdrawals',
          { networkCode: 'TRC20', addressId, amountCents: 2_000, paymentPassword: pin },
          { token: buyer.token, ip: freshIp() },
        )
      for (let i = 0; i < 5; i++) expect((await ask('000000')).body.msg).toBe('payment password error')
      expect(await ask('123456')).toMatchObject({ status: 429, body: { msg: 'Payment password locked' } })
      await t.db.kysely.updateTable('users').set({ payment_locked_until_ms: 0 }).where('id', '=', buyer.userId).execute()
      expect((await ask('123456')).body.code).toBe(1)
    })

    it('stops at the monthly cap of the network', async () => {
      const buyer = await buyerWithPaymentPassword(t, 'cap@example.com')
      await fundedBy(t, buyer, admin, 100_000)
      await t.db.kysely.updateTable('networks').set({ monthly_withdrawal_cap: 2 }).where('code', '=', 'TRC20').execute()
      const addressId = await tronAddressId(buyer)
      const ask = () =>
        t.post(
          '/api/wallet/withdrawals',
          { networkCode: 'TRC20', addressId, amountCents: 2_000, paymentPassword: '123456' },
          { token: buyer.token, ip: freshIp() },
        )
      expect((await ask()).body.code).toBe(1)
      expect((await ask()).body.code).toBe(1)
      expect(await ask()).toMatchObject({ status: 409, body: { msg: 'maximum monthly withdrawals reached' } })
      expect(await wallet(buyer.token)).toMatchObject({ availableCents: 96_000, heldCents: 4_000 })
      await t.db.kysely.updateTable('networks').set({ monthly_withdrawal_cap: 10 }).where('code', '=', 'TRC20').execute()
    })
  })

  describe('under concurrency', () => {
    it('lets exactly one of 100 simultaneous withdrawals through when the balance covers one', async () => {
      const buyer = await buyerWithPaymentPassword(t, 'race@example.com')
      await fundedBy(t, buyer, admin, 3_000)
      const addressId = await tronAddressId(buyer)
      const replies = await Promise.all(
        Array.from({ length: 100 }, () =>
          t.post(
            '/api/wallet/withdrawals',
            { networkCode: 'TRC20', addressId, amountCents: 2_000, paymentPassword: '123456' },
            { token: buyer.token, ip: freshIp() },
          ),
        ),
      )
      expect(replies.filter((r) => r.body.code === 1)).toHaveLength(1)
      expect(replies.filter((r) => r.body.msg === 'Insufficient balance')).toHaveLength(99)
      expect(await wallet(buyer.token)).toMatchObject({ availableCents: 1_000, heldCents: 2_000 })
      expect(await withdrawalCount(buyer.userId)).toBe(1)
      await expectLedgerSound()
    })

    it('moves money once for one Idempotency-Key sent 20 times at once, and refuses the key with another body', async () => {
      const buyer = await buyerWithPaymentPassword(t, 'idem@example.com')
      await fundedBy(t, buyer, admin, 50_000)
      const addressId = await tronAddressId(buyer)
      const body = { networkCode: 'TRC20', addressId, amountCents: 2_000, paymentPassword: '123456' }
      const headers = { 'idempotency-key': 'withdraw-7f3a' }
      const replies = await Promise.all(
        Array.from({ length: 20 }, () => t.post('/api/wallet/withdrawals', body, { token: buyer.token, ip: freshIp(), headers })),
      )
      const succeeded = replies.filter((r) => r.body.code === 1)
      expect(succeeded.length).toBeGreaterThanOrEqual(1)
      const ids = succeeded.map((r) => dataOf(Withdrawal, r).id)
      expect(new Set(ids).size).toBe(1)
      expect(replies.every((r) => r.body.code === 1 || r.body.msg === 'Idempotency key in use')).toBe(true)
      expect(await withdrawalCount(buyer.userId)).toBe(1)
      const retry = await t.post('/api/wallet/withdrawals', body, { token: buyer.token, ip: freshIp(), headers, schema: Withdrawal })
      expect(retry.body.data.id).toBe(ids[0])
      expect(
        await t.post('/api/wallet/withdrawals', { ...body, amountCents: 3_000 }, { token: buyer.token, ip: freshIp(), headers }),
      ).toMatchObject({ status: 422, body: { msg: 'Idempotency key reused' } })
      expect(await wallet(buyer.token)).toMatchObject({ availableCents: 48_000, heldCents: 2_000 })
    })
  })
})
