import { DepositList, OperatorDepositList, Reconciliation } from '@bazaar/contract/chain'
import { WalletSummary } from '@bazaar/contract/wallet'
import { hash } from '@node-rs/argon2'
import { type Address, encodeFunctionData, type Hex } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../../test/app-harness.ts'
import { testTokenArtifact } from '../../test/chain/token.ts'
import { type ChainWorld, chainSettings, chainWorld, useAnvil } from '../../test/chain/world.ts'
import { testDialects } from '../../test/databases.ts'
import { quickBuyers } from '../../test/order-helpers.ts'
import { operatorHeaders } from '../../test/wallet-helpers.ts'
import { auditBalances, trialBalance } from '../wallet/ledger.ts'

const anvil = useAnvil()

/**
 * Reorgs (issue 21) made by anvil itself (`anvil_reorg`): a deposit whose block vanishes
 * before its confirmations is dropped and credited once if it reappears; one whose block
 * vanishes after its credit (a reorg deeper than the confirmations) is flagged to operators
 * and in /metrics, and the wallet is left as it is.
 */
describe.each(await testDialects())('chain reorgs on %s', (dialect) => {
  let t: TestApp
  let admin: Record<string, string>
  let w: ChainWorld
  let buyers: { token: string; userId: number }[]
  beforeAll(async () => {
    t = await createTestApp(dialect, chainSettings(anvil()))
    admin = await operatorHeaders(t)
    w = await chainWorld(t, admin, anvil())
    await w.configure('ERC20')
    buyers = await quickBuyers(t, 3, await hash('123456'))
  })
  afterAll(async () => {
    await w?.watcher.stop()
    await t?.close()
  })

  const wallet = async (token: string) => (await t.get('/api/wallet', { token, schema: WalletSummary })).body.data
  const depositsOf = async (token: string) =>
    (await t.get('/api/wallet/deposits?networkCode=ERC20', { token, schema: DepositList })).body.data.items
  const rowsOf = (txHash: string) =>
    t.db.kysely.selectFrom('chain_deposits').select(['id', 'log_index', 'status', 'reorged_at_ms']).where('tx_hash', '=', txHash).execute()
  const creditsOf = async (userId: number) =>
    (await t.db.kysely.selectFrom('chain_credits').select('amount_cents').where('user_id', '=', userId).execute()).map((c) =>
      Number(c.amount_cents),
    )
  /** A token transfer signed now and sent later (or carried into a reorg's new blocks). */
  const signedTransfer = async (from: number, to: Address, cents: number, nonce?: number): Promise<Hex> => {
    const { abi } = testTokenArtifact()
    const account = w.anvil.account(from)
    const request = await w.anvil.wallet.prepareTransactionRequest({
      account,
      to: w.tokens.ERC20.address,
      data: encodeFunctionData({ abi, functionName: 'transfer', args: [to, w.units('ERC20', cents)] }),
      ...(nonce === undefined ? {} : { nonce }),
    })
    return w.anvil.wallet.signTransaction({ ...request, account })
  }
  const expectLedgerSound = async () => {
    expect((await trialBalance(t.db.kysely)).totalCents).toBe(0)
    expect(await auditBalances(t.db.kysely)).toEqual([])
  }

  it('drops a deposit whose block vanished before its confirmations, and credits it once when it reappears elsewhere', async () => {
    const buyer = buyers[0]!
    const to = await w.addressOf('ERC20', buyer)
    // Account 3 will send another transfer ahead of the deposit in its new block, so its log index changes.
    await w.send('ERC20', w.anvil.account(3).address, { cents: 10_000 })
    await w.anvil.mine(2)
    const deposit = await signedTransfer(0, to, 4_200)
    const txHash = await w.anvil.client.sendRawTransaction({ serializedTransaction: deposit })
    await w.poll()
    expect(await depositsOf(buyer.token)).toMatchObject([{ txHash, status: 'pending', confirmations: 1 }])

    await w.anvil.reorg(2)
    await w.poll()
    expect(await rowsOf(txHash)).toMatchObject([{ status: 'dropped', log_index: 0 }])
    expect(await depositsOf(buyer.token)).toEqual([])
    await w.anvil.mine(3)
    await w.poll()
    expect((await wallet(buyer.token)).availableCents).toBe(0)

    const ahead = await signedTransfer(3, w.anvil.account(8).address, 100)
    await w.anvil.reorg(1, [
      [ahead, 0],
      [deposit, 0],
    ])
    await w.poll()
    expect(await rowsOf(txHash)).toMatchObject([{ status: 'pending', log_index: 1 }])
    await w.anvil.mine(2)
    await w.poll()
    await w.poll()
    expect(await rowsOf(txHash)).toMatchObject([{ status: 'credited', log_index: 1 }])
    expect(await creditsOf(buyer.userId)).toEqual([4_200])
    expect((await wallet(buyer.token)).availableCents).toBe(4_200)
    await expectLedgerSound()
  })

  it('flags a credited deposit whose block a reorg deeper than the confirmations took away, reverses nothing, and tells operators', async () => {
    const buyer = buyers[1]!
    const to = await w.addressOf('ERC20', buyer)
    const deposit = await signedTransfer(0, to, 9_900)
    const txHash = await w.anvil.client.sendRawTransaction({ serializedTransaction: deposit })
    await w.anvil.mine(3)
    await w.poll()
    expect((await wallet(buyer.token)).availableCents).toBe(9_900)

    await w.anvil.reorg(6)
    await w.poll()
    const [row] = await rowsOf(txHash)
    expect(row).toMatchObject({ status: 'credited' })
    expect(row?.reorged_at_ms).not.toBeNull()
    expect((await wallet(buyer.token)).availableCents).toBe(9_900)
    const listed = await t.get('/api/admin/chain/deposits?list=reorged', { headers: admin, schema: OperatorDepositList })
    expect(listed.body.data.items.map((d) => d.txHash)).toEqual([txHash])
    const settings = (await t.get('/api/admin/networks/chain', { headers: admin })).body.data as {
      items: { watch: { deepReorgs: number } }[]
    }
    expect(settings.items.find((s) => s)?.watch.deepReorgs).toBe(1)
    const metrics = await t.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '127.0.0.1' })
    expect(metrics.body).toMatch(/bazaar_chain_reorged_credits\{network="ERC20"\} 1/)
    // Owed but no longer held: the reconciliation shows the gap in red.
    const report = (await t.get('/api/admin/chain/reconciliation', { headers: admin, schema: Reconciliation })).body.data
    expect(report.flows.find((f) => f.networkCode === 'ERC20')?.reorgedCredits).toEqual({ count: 1, cents: 9_900 })

    // The transfer comes back in a new block: the flag goes, the credit stays one.
    await w.anvil.reorg(1, [[deposit, 0]])
    await w.anvil.mine(3)
    await w.poll()
    expect(await rowsOf(txHash)).toMatchObject([{ status: 'credited', reorged_at_ms: null }])
    expect(await creditsOf(buyer.userId)).toEqual([9_900])
    await expectLedgerSound()
  })
})
