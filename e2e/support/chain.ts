import { ChainSettings } from '@bazaar/contract/chain'
import { type Address, createPublicClient, createWalletClient, defineChain, encodeFunctionData, getAddress, http } from 'viem'
import { mnemonicToAccount } from 'viem/accounts'
import { testTokenArtifact } from '../../apps/server/src/test/chain/token'
import { api } from './api'
import { e2eAnvilUrl } from './env'
import { asOperator } from './operator'

/**
 * The chain of the e2e run: anvil from npm (Playwright starts it, playwright.config.ts), a
 * USDT stand-in compiled from OpenZeppelin's source (the server tests' TestToken.sol, 18
 * decimals as on BNB Smart Chain), and BEP20 configured as an operator does.
 */

/**
 * The platform's watch-only key in the tests: account m/44'/60'/1' of the server tests' fixed
 * seed (apps/server/src/test/chain/world.ts `platformXpub`); only the public side is here.
 */
const platformXpub = 'xpub6DSwDWBPjdopeiio9d5BE3eQWmAo4o76PcXppJrEqZRjeh2uCaHdocwuatPYufrUQrZ63VHDNjvJXMcjcQFaTsb6bF52mX1azgcgkKG3unz'

const anvilChain = defineChain({
  id: 31337,
  name: 'anvil',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: { default: { http: [e2eAnvilUrl] } },
})
const client = createPublicClient({ chain: anvilChain, transport: http(e2eAnvilUrl) })
/** anvil's first development account, funded with ETH: deploys the token and sends from it. */
const funder = createWalletClient({
  chain: anvilChain,
  transport: http(e2eAnvilUrl),
  account: mnemonicToAccount('test test test test test test test test test test test junk'),
})

/** A BEP20 stage: the token's address and how to send it and mine blocks. */
export interface ChainStage {
  token: Address
  /** Sends `cents` of the token (18 decimals) to `to`; resolves once mined, with the transaction hash. */
  send(to: Address, cents: number): Promise<`0x${string}`>
  /** Mines `blocks` empty blocks. */
  mine(blocks: number): Promise<void>
}

/**
 * Deploys a fresh token on anvil and points BEP20 at it in the console's settings (watch-only
 * key, 3 confirmations, 1.00 minimum, from the next block).
 */
export async function bep20Stage(): Promise<ChainStage> {
  const { abi, bytecode } = testTokenArtifact()
  const deployed = await funder.deployContract({ abi, bytecode, args: ['Tether USD (test)', 'USDT', 18] })
  const receipt = await client.waitForTransactionReceipt({ hash: deployed })
  if (!receipt.contractAddress) throw new Error('test token not deployed')
  const token = getAddress(receipt.contractAddress)
  const minted = await funder.writeContract({ address: token, abi, functionName: 'mint', args: [funder.account.address, 10n ** 30n] })
  await client.waitForTransactionReceipt({ hash: minted })
  const body = {
    enabled: true,
    xpub: platformXpub,
    tokenAddress: token,
    tokenDecimals: 18,
    chainId: anvilChain.id,
    confirmations: 3,
    depositMinCents: 100,
    startBlock: Number(await client.getBlockNumber()) + 1,
    payoutAddresses: [],
    coldAddresses: [],
  }
  await api.put('/api/admin/networks/BEP20/chain', body, ChainSettings, await asOperator())
  return {
    token,
    async send(to, cents) {
      const hash = await funder.sendTransaction({
        to: token,
        data: encodeFunctionData({ abi, functionName: 'transfer', args: [to, BigInt(cents) * 10n ** 16n] }),
      })
      await client.waitForTransactionReceipt({ hash })
      return hash
    },
    async mine(blocks) {
      await client.request({ method: 'anvil_mine' as never, params: [`0x${blocks.toString(16)}`] as never })
    },
  }
}
