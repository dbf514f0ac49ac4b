import { DepositList } from '@bazaar/contract/chain'
import { Recharge, RecordPage, WalletSummary } from '@bazaar/contract/wallet'
import { hash } from '@node-rs/argon2'
import { type Address, encodeFunctionData } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, freshIp, type TestApp } from '../../test/app-harness.ts'
import { testTokenArtifact } from '../../test/chain/token.ts'
import { type ChainWorld, chainSettings, chainWorld, depositAccount, useAnvil } from '../../test/chain/world.ts'
import { testDialects } from '../../test/databases.ts'
import { quickBuyers } from '../../test/order-helpers.ts'
import { operatorHeaders, proofPng, uploadImage } from '../../test/wallet-helpers.ts'
import { auditBalances, trialBalance } from '../wallet/ledger.ts'

const anvil = useAnvil()

/**
 * Deposits credited by the chain (issue 21), against a real EVM node (anvil) and ERC-20s
 * compiled from OpenZeppelin's source: ERC20 with 6 decimals, BEP20 with 18, 3 confirmations
 * and a 1.00 USDT minimum. The watcher runs one pass per `poll()`.
 */
describe.each(await testDialects())('deposits credited by the chain on %s', (dialect) => {
  let t: TestApp
  let admin: Record<string, string>
  let w: ChainWorld
  let buyers: { token: string; userId: number }[]
  beforeAll(async () => {
    t = await createTestApp(dialect, chainSettings(anvil()))
    admin = await operatorHeaders(t)
    w = await chainWorld(t, admin, anvil())
    await w.configure('ERC20')
    await w.configure('BEP20')
    buyers = await quickBuyers(t, 110, await hash('123456'))
  })
  afterAll(async () => {
    await w?.watcher.stop()
    await t?.close()
  })

  const wallet = async (token: string) => (await t.get('/api/wallet', { token, schema: WalletSummary })).body.data
  const depositsOf = async (token: string, networkCode = 'ERC20') =>
    (await t.get(`/api/wallet/deposits?networkCode=${networkCode}`, { token, schema: DepositList })).body.data.items
  const creditsOf = async (userId: number) =>
    (await t.db.kysely.selectFrom('chain_credits').select(['deposit_id', 'amount_cents']).where('user_id', '=', userId).execute()).map(
      (c) => Number(c.amount_cents),
    )
  const expectLedgerSound = async () => {
    expect((await trialBalance(t.db.kysely)).totalCents).toBe(0)
    expect(await auditBalances(t.db.kysely)).toEqual([])
  }

  it('gives each user one address per network, derived at 0/i in the order asked, the same on every ask', async () => {
    const [first, second, third] = buyers as [(typeof buyers)[0], (typeof buyers)[0], (typeof buyers)[0]]
    expect(await w.addressOf('ERC20', first)).toBe(depositAccount(0).address)
    expect(await w.addressOf('ERC20', second)).toBe(depositAccount(1).address)
    expect(await w.addressOf('ERC20', first)).toBe(depositAccount(0).address)
    // Ten asks of one user at once: one address, and the counter has no gap after them.
    const asks = await Promise.all(Array.from({ length: 10 }, () => w.addressOf('ERC20', third)))
    expect(new Set(asks)).toEqual(new Set([depositAccount(2).address]))
    // BEP20 has its own counter under the same key.
    expect(await w.addressOf('BEP20', third)).toBe(depositAccount(0).address)
    const closed = await t.post('/api/wallet/deposit-address', { networkCode: 'TRC20' }, { token: first.token })
    expect(closed).toMatchObject({ status: 400, body: { msg: 'Recharge closed on this network' } })
  })

  it('credits a transfer once, after its confirmations and not before, and shows it as an approved recharge', async () => {
    const buyer = buyers[3]!
    const to = await w.addressOf('ERC20', buyer)
    const txHash = await w.send('ERC20', to, { cents: 1_234 })
    await w.poll()
    expect(await depositsOf(buyer.token)).toMatchObject([
      { txHash, amountCents: 1_234, status: 'pending', confirmations: 1, confirmationsRequired: 3 },
    ])
    expect((await wallet(buyer.token)).availableCents).toBe(0)
    await w.anvil.mine(1)
    await w.poll()
    expect((await depositsOf(buyer.token))[0]).toMatchObject({ status: 'pending', confirmations: 2 })
    expect((await wallet(buyer.token)).availableCents).toBe(0)
    await w.anvil.mine(1)
    await w.poll()
    expect((await depositsOf(buyer.token))[0]).toMatchObject({ status: 'credited', confirmations: 3 })
    for (let n = 0; n < 3; n++) {
      await w.anvil.mine(1)
      await w.poll()
    }
    expect((await wallet(buyer.token)).availableCents).toBe(1_234)
    expect(await creditsOf(buyer.userId)).toEqual([1_234])
    const records = (await t.get('/api/wallet/records', { token: buyer.token, schema: RecordPage })).body.data.items
    expect(records[0]).toMatchObject({ kind: 'recharge', status: 'approved', amountCents: 1_234, networkCode: 'ERC20', txHash })
    await expectLedgerSound()
  })

  it('floors 18-decimal amounts to the cent; keeps dust and deposits under the minimum recorded, not credited', async () => {
    const buyer = buyers[4]!
    const to = await w.addressOf('BEP20', buyer)
    await w.send('BEP20', to, { units: 5_678_912_345_678_901_234n }) // 5.678912… USDT
    await w.send('BEP20', to, { units: 99n * 10n ** 16n }) // 0.99 USDT: under the 1.00 minimum
    await w.send('BEP20', to, { units: 10n ** 15n }) // 0.001 USDT: not a cent
    await w.anvil.mine(3)
    await w.poll()
    const seen = await depositsOf(buyer.token, 'BEP20')
    expect(seen.map((d) => [d.amountCents, d.status, d.belowMinimum])).toEqual([
      [0, 'below_minimum', true],
      [99, 'below_minimum', true],
      [567, 'credited', false],
    ])
    expect((await wallet(buyer.token)).availableCents).toBe(567)
    const credited = await t.db.kysely
      .selectFrom('chain_deposits')
      .select('dust_units')
      .where('amount_cents', '=', 567)
      .executeTakeFirstOrThrow()
    expect(credited.dust_units).toBe('8912345678901234')
    await expectLedgerSound()
  })

  it('credits 100 transfers mined in one block to 100 users, each once', async () => {
    const hundred = buyers.slice(10, 110)
    const addresses: Address[] = []
    for (const b of hundred) addresses.push(await w.addressOf('ERC20', b))
    const before = Number(await w.anvil.client.getBlockNumber())
    await w.anvil.test.setAutomine(false)
    try {
      const { abi } = testTokenArtifact()
      let nonce = await w.anvil.client.getTransactionCount({ address: w.anvil.wallet.account.address, blockTag: 'pending' })
      const hashes: `0x${string}`[] = []
      for (const [i, to] of addresses.entries())
        hashes.push(
          await w.anvil.wallet.sendTransaction({
            to: w.tokens.ERC20.address,
            data: encodeFunctionData({ abi, functionName: 'transfer', args: [to, w.units('ERC20', 100 + i)] }),
            nonce: nonce++,
            gas: 100_000n,
          }),
        )
      await w.anvil.mine(1)
      const blocks = await Promise.all(
        hashes.map((h) => w.anvil.client.getTransactionReceipt({ hash: h }).then((r) => Number(r.blockNumber))),
      )
      expect(new Set(blocks)).toEqual(new Set([before + 1]))
    } finally {
      await w.anvil.test.setAutomine(true)
    }
    await w.poll()
    await w.anvil.mine(2)
    await w.poll()
    await w.poll()
    for (const [i, b] of hundred.entries()) expect(await creditsOf(b.userId)).toEqual([100 + i])
    await expectLedgerSound()
  })

  it('credits each transfer of a batch transaction (as exchanges send them) and ignores unknown addresses', async () => {
    const [a, b] = [buyers[5]!, buyers[6]!]
    const toA = (await w.addressOf('ERC20', a)) as Address
    const toB = (await w.addressOf('ERC20', b)) as Address
    const stranger = w.anvil.account(9).address
    const { abi } = testTokenArtifact()
    const txHash = await w.anvil.wallet.writeContract({
      address: w.tokens.ERC20.address,
      abi,
      functionName: 'transferMany',
      args: [
        [toA, stranger, toB, toA],
        [w.units('ERC20', 200), w.units('ERC20', 300), w.units('ERC20', 400), w.units('ERC20', 500)],
      ],
    })
    await w.anvil.client.waitForTransactionReceipt({ hash: txHash })
    await w.anvil.mine(2)
    await w.poll()
    expect((await creditsOf(a.userId)).sort()).toEqual([200, 500])
    expect(await creditsOf(b.userId)).toEqual([400])
    const rows = await t.db.kysely.selectFrom('chain_deposits').select(['log_index']).where('tx_hash', '=', txHash).execute()
    expect(rows).toHaveLength(3)
    await expectLedgerSound()
  })

  describe('the same transfer filed by hand and seen by the watcher credits once', () => {
    const fileProof = async (buyer: { token: string }, txHash: string, amountCents: number) => {
      const proof = await uploadImage(t, buyer.token, await proofPng())
      return t.post(
        '/api/wallet/recharges',
        { networkCode: 'ERC20', amountCents, proofUploadId: proof.id, txHash: txHash.toUpperCase().replace('0X', '0x') },
        { token: buyer.token, ip: freshIp(), schema: Recharge },
      )
    }

    it('approved by an operator first: the watcher records it matched, not credited again', async () => {
      const buyer = buyers[7]!
      const txHash = await w.send('ERC20', await w.addressOf('ERC20', buyer), { cents: 2_500 })
      const filed = await fileProof(buyer, txHash, 2_500)
      await t.post(`/api/admin/recharges/${filed.body.data.id}/approve`, {}, { headers: admin, schema: Recharge })
      await w.anvil.mine(3)
      await w.poll()
      expect((await depositsOf(buyer.token))[0]).toMatchObject({ txHash, status: 'matched' })
      expect((await wallet(buyer.token)).availableCents).toBe(2_500)
      await expectLedgerSound()
    })

    it('credited by the watcher first: the operator cannot approve a recharge with its hash', async () => {
      const buyer = buyers[8]!
      const txHash = await w.send('ERC20', await w.addressOf('ERC20', buyer), { cents: 3_100 })
      await w.anvil.mine(3)
      await w.poll()
      const filed = await fileProof(buyer, txHash, 3_100)
      const approval = await t.post(`/api/admin/recharges/${filed.body.data.id}/approve`, {}, { headers: admin })
      expect(approval).toMatchObject({ status: 409, body: { msg: 'Transaction hash already used' } })
      expect((await wallet(buyer.token)).availableCents).toBe(3_100)
      await expectLedgerSound()
    })
  })

  it('after operators change the key, a user keeps the old address until the next ask; both stay watched', async () => {
    const buyer = buyers[9]!
    const old = await w.addressOf('ERC20', buyer)
    const { HDKey } = await import('@scure/bip32')
    const newKey = HDKey.fromMasterSeed(new Uint8Array(32).fill(9)).derive("m/44'/60'/0'").publicExtendedKey
    await w.configure('ERC20', { xpub: newKey })
    await w.send('ERC20', old, { cents: 700 })
    const fresh = await w.addressOf('ERC20', buyer)
    expect(fresh).not.toBe(old)
    expect(await w.addressOf('ERC20', buyer)).toBe(fresh)
    await w.send('ERC20', fresh, { cents: 800 })
    await w.anvil.mine(3)
    await w.poll()
    expect((await creditsOf(buyer.userId)).sort()).toEqual([700, 800])
    await w.configure('ERC20')
  })
})
