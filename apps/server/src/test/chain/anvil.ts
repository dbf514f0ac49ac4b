import { type ChildProcess, spawn } from 'node:child_process'
import { createRequire } from 'node:module'
import path from 'node:path'
import {
  type Account,
  type Address,
  type Chain,
  createPublicClient,
  createTestClient,
  createWalletClient,
  defineChain,
  type Hex,
  http,
  type PublicClient,
  type TestClient,
  type Transport,
  type WalletClient,
} from 'viem'
import { mnemonicToAccount } from 'viem/accounts'
import { freePort } from '../two-nodes.ts'

const require = createRequire(import.meta.url)

/** anvil's well-known development mnemonic: its first accounts hold 10,000 ETH each. */
export const anvilMnemonic = 'test test test test test test test test test test test junk'

/** A local EVM node for the tests: anvil 1.7 from npm (@foundry-rs/anvil-linux-amd64), on a free port. */
export interface Anvil {
  url: string
  chainId: number
  chain: Chain
  /** Reads (blocks, logs, balances). */
  client: PublicClient<Transport, Chain>
  /** Sends as the first development account (the tests' funder and deployer). */
  wallet: WalletClient<Transport, Chain, Account>
  /** anvil's own calls: mine, automine, impersonate, set balance. */
  test: TestClient<'anvil', Transport, Chain>
  /** The n-th development account, able to send. */
  account(index: number): Account
  /** Mines `blocks` empty blocks at once. */
  mine(blocks?: number): Promise<void>
  /** Replaces the last `depth` blocks with as many new ones (`anvil_reorg`), carrying `transactions` into them. */
  reorg(depth: number, transactions?: [Hex, number][]): Promise<void>
  /** Ends the process (SIGKILL). */
  stop(): Promise<void>
}

/** The path of the anvil binary inside its npm package. */
export function anvilBinary(): string {
  return path.join(path.dirname(require.resolve('@foundry-rs/anvil-linux-amd64/package.json')), 'bin', 'anvil')
}

/**
 * Starts anvil on a free loopback port with `chainId` (31337 by default), automining each
 * transaction into its own block; resolves once it answers `eth_chainId`.
 */
export async function startAnvil(options: { chainId?: number; port?: number } = {}): Promise<Anvil> {
  const chainId = options.chainId ?? 31337
  const port = options.port ?? (await freePort())
  const child: ChildProcess = spawn(
    anvilBinary(),
    ['--port', String(port), '--host', '127.0.0.1', '--chain-id', String(chainId), '--quiet'],
    {
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  )
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  const url = `http://127.0.0.1:${port}`
  const chain = defineChain({
    id: chainId,
    name: 'anvil',
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [url] } },
  })
  const transport = http(url)
  const client = createPublicClient({ chain, transport, pollingInterval: 50 })
  const deadline = Date.now() + 30_000
  for (;;) {
    if (child.exitCode !== null) throw new Error(`anvil exited (${child.exitCode}) before it answered`)
    try {
      await client.getChainId()
      break
    } catch (error) {
      if (Date.now() > deadline) {
        child.kill('SIGKILL')
        throw error
      }
      await new Promise((r) => setTimeout(r, 100))
    }
  }
  const account = (index: number) => mnemonicToAccount(anvilMnemonic, { addressIndex: index })
  const wallet = createWalletClient({ chain, transport, account: account(0) })
  const test = createTestClient({ chain, transport, mode: 'anvil' })
  return {
    url,
    chainId,
    chain,
    client,
    wallet,
    test,
    account,
    async mine(blocks = 1) {
      await test.mine({ blocks })
    },
    async reorg(depth, transactions = []) {
      await client.request({ method: 'anvil_reorg' as never, params: [depth, transactions] as never })
    },
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return
      child.kill('SIGKILL')
      await exited
    },
  }
}

/** An address in the lower-case form logs carry. */
export const lower = (address: Address) => address.toLowerCase() as Address
