import type { ChainSettings, ChainSettingsBody, DepositAddress } from '@bazaar/contract/chain'
import { type Address, encodeFunctionData, type Hex } from 'viem'
import { afterAll, beforeAll } from 'vitest'
import type { ChainConfig } from '../../modules/chain/settings-service.ts'
import { ChainWatcher } from '../../modules/chain/watcher.ts'
import type { TestApp } from '../app-harness.ts'
import { type Anvil, startAnvil } from './anvil.ts'
import { platformXpub } from './keys.ts'
import { deployTestToken, type TestTokenRef, testTokenArtifact } from './token.ts'

export { depositAccount, depositPrivateKey, platformAccount, platformXpub } from './keys.ts'

/** One anvil for a whole test file (started in beforeAll, killed in afterAll): dialects deploy their own tokens on it. */
export function useAnvil(): () => Anvil {
  let anvil: Anvil | undefined
  beforeAll(async () => {
    anvil = await startAnvil()
  })
  afterAll(async () => anvil?.stop())
  return () => {
    if (!anvil) throw new Error('anvil not started')
    return anvil
  }
}

/** The settings an app of the chain tests is built with: both EVM networks' nodes are anvil. */
export const chainSettings = (anvil: Anvil) => ({ ERC20_RPC_URL: anvil.url, BEP20_RPC_URL: anvil.url })

/** What a chain test works with on one app: anvil, a token per network, the watcher of the app's database. */
export interface ChainWorld {
  anvil: Anvil
  tokens: Record<'ERC20' | 'BEP20', TestTokenRef>
  config: ChainConfig
  watcher: ChainWatcher
  /** Saves a network's chain settings as an operator does; returns them. */
  configure(network: 'ERC20' | 'BEP20', changes?: Partial<ChainSettingsBody>): Promise<ChainSettings>
  /** The buyer's deposit address, as the recharge page asks for it. */
  addressOf(network: 'ERC20' | 'BEP20', buyer: { token: string }): Promise<Address>
  /** Sends `cents` (or exact base `units`) of a network's token from the funder to `to`; resolves once mined. */
  send(network: 'ERC20' | 'BEP20', to: Address, amount: { cents: number } | { units: bigint }): Promise<Hex>
  /** Base units of `cents` on a network's token. */
  units(network: 'ERC20' | 'BEP20', cents: number): bigint
  /** One watcher pass. */
  poll(): Promise<void>
}

/**
 * Deploys a 6-decimal token for ERC20 and an 18-decimal one for BEP20 (USDT's decimals on
 * Ethereum and BNB Smart Chain), and a watcher on the app's database whose nodes are anvil.
 * Networks are configured with 3 confirmations and a 1.00 USDT minimum, from the block after
 * the deployments. The app must have been built with ERC20_RPC_URL and BEP20_RPC_URL set to
 * anvil's URL (`chainSettings(anvil)`).
 */
export async function chainWorld(t: TestApp, admin: Record<string, string>, anvil: Anvil): Promise<ChainWorld> {
  const tokens = { ERC20: await deployTestToken(anvil, 6), BEP20: await deployTestToken(anvil, 18) }
  const startBlock = Number(await anvil.client.getBlockNumber()) + 1
  const config: ChainConfig = { rpcUrls: { ERC20: anvil.url, BEP20: anvil.url }, pollMs: 2000, logRange: 1000 }
  const watcher = new ChainWatcher(t.db, config, { warn: () => {}, error: (obj, msg) => console.error(msg, obj) })
  const units = (network: 'ERC20' | 'BEP20', cents: number) => BigInt(cents) * 10n ** BigInt(tokens[network].decimals - 2)
  const { abi } = testTokenArtifact()
  const world: ChainWorld = {
    anvil,
    tokens,
    config,
    watcher,
    async configure(network, changes = {}) {
      const body: ChainSettingsBody = {
        enabled: true,
        xpub: platformXpub,
        tokenAddress: tokens[network].address,
        tokenDecimals: tokens[network].decimals,
        chainId: anvil.chainId,
        confirmations: 3,
        depositMinCents: 100,
        startBlock,
        payoutAddresses: [anvil.account(1).address],
        coldAddresses: [anvil.account(2).address],
        ...changes,
      }
      const saved = await t.put(`/api/admin/networks/${network}/chain`, body, { headers: admin })
      if (saved.status !== 200) throw new Error(`chain settings of ${network}: ${saved.status} ${saved.body.msg}`)
      return saved.body.data as ChainSettings
    },
    async addressOf(network, buyer) {
      const answer = await t.post('/api/wallet/deposit-address', { networkCode: network }, { token: buyer.token })
      if (answer.status !== 200) throw new Error(`deposit address on ${network}: ${answer.status} ${answer.body.msg}`)
      return (answer.body.data as DepositAddress).address as Address
    },
    async send(network, to, amount) {
      const value = 'units' in amount ? amount.units : units(network, amount.cents)
      const hash = await anvil.wallet.sendTransaction({
        to: tokens[network].address,
        data: encodeFunctionData({ abi, functionName: 'transfer', args: [to, value] }),
      })
      await anvil.client.waitForTransactionReceipt({ hash })
      return hash
    },
    units,
    async poll() {
      await watcher.pollOnce()
    },
  }
  return world
}
