import { QueuePage } from '@bazaar/contract/admin'
import { ChainRules, ChainSettings, OperatorDepositList, Reconciliation } from '@bazaar/contract/chain'
import { Withdrawal, WithdrawalAddress } from '@bazaar/contract/wallet'
import { HDKey } from '@scure/bip32'
import { type Address, createWalletClient, encodeFunctionData, erc20Abi, http } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { createTestApp, freshIp, type TestApp } from '../../test/app-harness.ts'
import { type ChainWorld, chainSettings, chainWorld, depositAccount, platformXpub, useAnvil } from '../../test/chain/world.ts'
import { testDialects } from '../../test/databases.ts'
import { dataOf } from '../../test/replies.ts'
import { buyerWithPaymentPassword, operatorHeaders, saveWithdrawalAddress } from '../../test/wallet-helpers.ts'
import { ChainWatcher } from './watcher.ts'

const anvil = useAnvil()

/**
 * The operators' side of chain deposits (issue 21): settings refused when wrong and
 * audit-logged when right, the chain id checked against the node, payouts checked against
 * the chain, and the reconciliation of what the platform owes against what it holds.
 */
describe.each(await testDialects())('chain settings, payouts and reconciliation on %s', (dialect) => {
  let t: TestApp
  let admin: Record<string, string>
  let w: ChainWorld
  beforeAll(async () => {
    t = await createTestApp(dialect, chainSettings(anvil()))
    admin = await operatorHeaders(t)
    w = await chainWorld(t, admin, anvil())
  })
  afterAll(async () => {
    await w?.watcher.stop()
    await t?.close()
  })

  const rules = async () =>
    (await t.get('/api/rules', { schema: z.object({ chainDeposits: z.array(ChainRules) }) })).body.data.chainDeposits
  const put = (code: string, changes: object) =>
    t.put(
      `/api/admin/networks/${code}/chain`,
      {
        enabled: true,
        xpub: platformXpub,
        tokenAddress: w.tokens.ERC20.address,
        tokenDecimals: 6,
        chainId: w.anvil.chainId,
        confirmations: 3,
        depositMinCents: 100,
        startBlock: 0,
        payoutAddresses: [],
        coldAddresses: [],
        ...changes,
      },
      { headers: admin },
    )
  const reconciliation = async () => (await t.get('/api/admin/chain/reconciliation', { headers: admin, schema: Reconciliation })).body.data

  it('publishes the shipped defaults, refuses private or wrong keys and addresses, and audit-logs a change', async () => {
    expect(await rules()).toEqual([
      { networkCode: 'ERC20', watching: false, confirmations: 12, depositMinCents: 100, pollMs: 2000 },
      { networkCode: 'BEP20', watching: false, confirmations: 15, depositMinCents: 100, pollMs: 2000 },
    ])
    const seed = HDKey.fromMasterSeed(new Uint8Array(32).fill(3))
    const refusals = [
      [{ xpub: seed.derive("m/44'/60'/0'").privateExtendedKey }, 'Invalid extended public key', 'xpub'],
      [{ xpub: seed.publicExtendedKey }, 'Invalid extended public key', 'xpub'],
      [{ xpub: 'xpub-not-a-key' }, 'Invalid extended public key', 'xpub'],
      [{ tokenAddress: w.tokens.ERC20.address.toLowerCase() }, 'Invalid address', 'tokenAddress'],
      [{ coldAddresses: ['0x52908400098527886E0F7030069857D2E4169Ee7'] }, 'Invalid address', 'coldAddresses'],
      [{ xpub: '' }, 'Invalid parameters', 'xpub'],
    ] as const
    for (const [changes, key, field] of refusals)
      expect(await put('ERC20', changes), key).toMatchObject({ status: 400, body: { msg: key, data: { fields: { [field]: key } } } })
    expect((await put('TRC20', {})).status).toBe(404)
    expect((await rules())[0]).toMatchObject({ watching: false, confirmations: 12 })

    await w.configure('ERC20')
    expect((await rules())[0]).toEqual({ networkCode: 'ERC20', watching: true, confirmations: 3, depositMinCents: 100, pollMs: 2000 })
    const audit = await t.db.kysely
      .selectFrom('audit_log')
      .select(['action', 'target_id'])
      .where('action', '=', 'network.chain.update')
      .execute()
    expect(audit).toEqual([{ action: 'network.chain.update', target_id: 'ERC20' }])
  })

  it("checks the node's chain id before reading it, and reads nothing from a node of another chain", async () => {
    await w.configure('BEP20', { chainId: 56 })
    const buyer = await buyerWithPaymentPassword(t, 'chain-id@example.com')
    await w.send('BEP20', await w.addressOf('BEP20', buyer), { cents: 500 })
    await w.anvil.mine(3)
    await w.poll()
    const settings = (await t.get('/api/admin/networks/chain', { headers: admin, schema: z.object({ items: z.array(ChainSettings) }) }))
      .body.data.items
    expect(settings.find((s) => s.networkCode === 'BEP20')?.watch).toMatchObject({ state: 'chain_id_mismatch' })
    expect(await t.db.kysely.selectFrom('chain_deposits').select('id').where('network_code', '=', 'BEP20').execute()).toEqual([])
    await w.configure('BEP20')
    await w.poll()
    expect(await t.db.kysely.selectFrom('chain_credits').select('amount_cents').where('user_id', '=', buyer.userId).execute()).toEqual([
      { amount_cents: 500 },
    ])
  })

  it('shows a node that does not answer as a node error, without its URL (it may carry a key)', async () => {
    const down = { ...w.config, rpcUrls: { ...w.config.rpcUrls, ERC20: 'http://127.0.0.1:9/provider-key-7f3a' } }
    // The test's watcher gives its leases up, so this one holds them on PostgreSQL too.
    await w.watcher.stop()
    const watcher = new ChainWatcher(t.db, down, { warn: () => {}, error: () => {} })
    await watcher.pollOnce()
    await watcher.stop()
    const settings = (await t.get('/api/admin/networks/chain', { headers: admin, schema: z.object({ items: z.array(ChainSettings) }) }))
      .body.data.items
    const erc20 = settings.find((s) => s.networkCode === 'ERC20')!.watch
    expect(erc20.state).toBe('rpc_error')
    expect(erc20.note).not.toContain('provider-key')
    await w.poll()
    expect(
      (
        await t.get('/api/admin/networks/chain', { headers: admin, schema: z.object({ items: z.array(ChainSettings) }) })
      ).body.data.items.find((s) => s.networkCode === 'ERC20')!.watch.state,
    ).toBe('watching')
  })

  it('checks payouts against the chain: the right one passes; a wrong amount, a foreign sender and a missing transaction are flagged', async () => {
    const buyer = await buyerWithPaymentPassword(t, 'payouts@example.com')
    await w.send('ERC20', await w.addressOf('ERC20', buyer), { cents: 20_000 })
    await w.anvil.mine(3)
    await w.poll()
    const receiver = w.anvil.account(5).address
    const addressId = dataOf(WithdrawalAddress, await saveWithdrawalAddress(t, buyer, 'ERC20', receiver)).id
    const payoutAccount = w.anvil.account(1)
    await w.send('ERC20', payoutAccount.address, { cents: 100_000 })
    const payout = createWalletClient({ chain: w.anvil.chain, transport: http(w.anvil.url), account: payoutAccount })
    const pay = async (cents: number, from = payout) => {
      const hash = await from.sendTransaction({
        to: w.tokens.ERC20.address,
        data: encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [receiver, w.units('ERC20', cents)] }),
      })
      await w.anvil.client.waitForTransactionReceipt({ hash })
      return hash
    }
    // 20.00 each; the fee is 5.00, so 15.00 must arrive.
    const paidOut = async (payoutTxHash: string) => {
      const withdrawal = await t.post(
        '/api/wallet/withdrawals',
        { networkCode: 'ERC20', addressId, amountCents: 2_000, paymentPassword: '123456' },
        { token: buyer.token, ip: freshIp(), schema: Withdrawal },
      )
      await t.post(`/api/admin/withdrawals/${withdrawal.body.data.id}/approve`, { payoutTxHash }, { headers: admin, schema: Withdrawal })
      return withdrawal.body.data.id
    }
    const right = await paidOut(await pay(1_500))
    const short = await paidOut(await pay(1_400))
    const funder = createWalletClient({ chain: w.anvil.chain, transport: http(w.anvil.url), account: w.anvil.account(0) })
    const foreign = await paidOut(await pay(1_500, funder))
    const missing = await paidOut(`0x${'5a'.repeat(32)}`)
    await w.poll()
    const checks = async () =>
      new Map(
        (await t.get('/api/admin/withdrawals?status=approved&limit=100', { headers: admin, schema: QueuePage })).body.data.items.map(
          (i) => [i.id, [i.payoutCheck, i.payoutCheckNote]],
        ),
      )
    expect(await checks()).toEqual(
      new Map([
        [right, ['ok', null]],
        [short, ['flagged', 'wrong_amount']],
        [foreign, ['flagged', 'not_from_payout_address']],
        [missing, ['pending', null]],
      ]),
    )
    // Still unknown to the node half an hour after its approval: flagged as missing.
    await t.db.kysely
      .updateTable('withdrawals')
      .set({ reviewed_at_ms: Date.now() - 3_600_000 })
      .where('id', '=', missing)
      .execute()
    await w.poll()
    expect((await checks()).get(missing)).toEqual(['flagged', 'missing'])
    expect((await reconciliation()).flows.find((f) => f.networkCode === 'ERC20')?.payouts).toEqual({ ok: 1, flagged: 3, pending: 0 })
    const metrics = await t.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '127.0.0.1' })
    expect(metrics.body).toMatch(/bazaar_chain_payouts_flagged\{network="ERC20"\} 3/)
  })

  it('reconciles what the platform owes with what it holds; deposits, a credit by hand and a sweep to cold storage keep the difference', async () => {
    const before = await reconciliation()
    expect(before.holdings.find((h) => h.networkCode === 'TRC20')).toMatchObject({ read: false, note: 'no_node' })
    expect(before.differenceCents).toBe(before.heldCents - before.owedCents - before.uncreditedCents)
    const buyer = await buyerWithPaymentPassword(t, 'reconcile@example.com')
    const to = (await w.addressOf('ERC20', buyer)) as Address
    await w.send('ERC20', to, { cents: 7_000 })
    await w.send('ERC20', to, { cents: 50 }) // below the minimum: held, not owed
    await w.anvil.mine(3)
    await w.send('ERC20', to, { cents: 900 }) // waiting for confirmations: held, not owed yet
    await w.poll()
    const after = await reconciliation()
    expect(after.owedCents - before.owedCents).toBe(7_000)
    expect(after.heldCents - before.heldCents).toBe(7_950)
    expect(after.uncreditedCents - before.uncreditedCents).toBe(950)
    expect(after.differenceCents).toBe(before.differenceCents)
    expect(after.flows.find((f) => f.networkCode === 'ERC20')?.belowMinimum).toEqual({ count: 1, cents: 50 })

    // The deposit under the minimum, credited by hand with a reason (audit-logged): owed now, the difference stays.
    const [below] = (await t.get('/api/admin/chain/deposits?list=below_minimum', { headers: admin, schema: OperatorDepositList })).body.data
      .items
    expect(below).toMatchObject({ amountCents: 50, userId: buyer.userId })
    const reason = { reason: 'Sent 0.50 by mistake; the customer asked for it' }
    expect((await t.post(`/api/admin/chain/deposits/${below!.id}/credit`, reason, { headers: admin })).status).toBe(200)
    expect(await t.post(`/api/admin/chain/deposits/${below!.id}/credit`, reason, { headers: admin })).toMatchObject({
      status: 409,
      body: { msg: 'Deposit cannot be credited by hand' },
    })
    expect(await t.db.kysely.selectFrom('audit_log').select('target_id').where('action', '=', 'chain.deposit.credit').execute()).toEqual([
      { target_id: String(below!.id) },
    ])
    const byHand = await reconciliation()
    expect(byHand.owedCents - after.owedCents).toBe(50)
    expect(byHand.differenceCents).toBe(after.differenceCents)
    expect(byHand.flows.find((f) => f.networkCode === 'ERC20')?.creditedByHand).toEqual({ count: 1, cents: 50 })

    // The operators' own tooling sweeps the deposit address to a listed cold address (gas paid by the address).
    const index = Number(
      (
        await t.db.kysely
          .selectFrom('deposit_addresses')
          .select('derivation_index')
          .where('address', '=', to.toLowerCase())
          .executeTakeFirstOrThrow()
      ).derivation_index,
    )
    expect(depositAccount(index).address).toBe(to)
    await w.anvil.test.setBalance({ address: to, value: 10n ** 18n })
    const sweeper = createWalletClient({ chain: w.anvil.chain, transport: http(w.anvil.url), account: depositAccount(index) })
    const swept = await sweeper.sendTransaction({
      to: w.tokens.ERC20.address,
      data: encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [w.anvil.account(2).address, w.units('ERC20', 7_950)] }),
    })
    await w.anvil.client.waitForTransactionReceipt({ hash: swept })
    const swept_ = await reconciliation()
    const erc20 = (r: typeof after) => r.holdings.find((h) => h.networkCode === 'ERC20')!
    expect(erc20(swept_).coldCents - erc20(after).coldCents).toBe(7_950)
    expect(erc20(swept_).depositCents - erc20(after).depositCents).toBe(-7_950)
    expect(swept_.differenceCents).toBe(after.differenceCents)
    const metrics = await t.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '127.0.0.1' })
    expect(metrics.body).toContain(`bazaar_custody_difference_cents ${swept_.differenceCents}`)
  })
})
