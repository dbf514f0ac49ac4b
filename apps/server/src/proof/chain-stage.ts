import { randomBytes } from 'node:crypto'
import type { Db } from '../db/database.ts'
import { depositAddressOf } from '../modules/chain/address-service.ts'
import { creditDue } from '../modules/chain/credit-service.ts'
import * as deposits from '../modules/chain/deposits-repo.ts'
import { type ChainConfig, type ChainNetwork, chainNetworks } from '../modules/chain/settings-service.ts'
import type { TestApp } from '../test/app-harness.ts'
import { platformXpub } from '../test/chain/keys.ts'
import { evmAddress } from '../test/wallet-helpers.ts'

/**
 * Chain credits in the proofs (issue 21) without a node: ERC20 is configured as an operator
 * does (a watch-only key; a token contract no node is asked about), each buyer gets a deposit
 * address through the real service, and a deposit is recorded as the watcher records a
 * Transfer it saw, already past its confirmations. What the proofs race is the watcher's
 * credit (creditDue) against itself on other connections and against an operator's approval
 * of a recharge with the same hash; the reading of a real chain is the anvil tests' part
 * (modules/chain/*.test.ts).
 */
export interface ChainStage {
  network: ChainNetwork
  /** Records a pending deposit of `cents` to the user's address (in a block whose confirmations are reached); returns it. */
  seen(userId: number, cents: number, txHash?: string): Promise<{ id: number; txHash: string }>
  /** One watcher pass's credit step on `db` (another pool: another node); returns how many it credited. */
  credit(db: Db): Promise<number>
  /** What became of a deposit: 'credited', 'matched', or still 'pending'. */
  statusOf(depositId: number): Promise<string>
}

/** A head far past every recorded deposit's block: all are due. */
const headBlock = 1_000_000
/** The settings the address service reads: ERC20 has a node (never asked here). */
const config: ChainConfig = { rpcUrls: { ERC20: 'http://127.0.0.1:9' }, pollMs: 2_000, logRange: 1_000 }

/** Configures ERC20's chain deposits (3 confirmations, 1.00 minimum) and gives each user a deposit address. */
export async function chainStage(t: TestApp, admin: Record<string, string>, userIds: number[]): Promise<ChainStage> {
  const body = {
    enabled: true,
    xpub: platformXpub,
    tokenAddress: evmAddress,
    tokenDecimals: 6,
    chainId: 1,
    confirmations: 3,
    depositMinCents: 100,
    startBlock: 0,
    payoutAddresses: [],
    coldAddresses: [],
  }
  const saved = await t.put('/api/admin/networks/ERC20/chain', body, { headers: admin })
  if (saved.status !== 200) throw new Error(`ERC20 chain settings: ${saved.body.msg}`)
  const network = (await chainNetworks(t.db.kysely)).find((n) => n.networkCode === 'ERC20')!
  const addressIds = new Map<number, { id: number; address: string }>()
  for (const userId of userIds) {
    const { address } = await depositAddressOf(t.db, config, userId, 'ERC20')
    const [row] = await deposits.findAddressesAmong(t.db.kysely, 'ERC20', [address.toLowerCase()])
    addressIds.set(userId, { id: row!.id, address: row!.address })
  }
  return {
    network,
    async seen(userId, cents, txHash = `0x${randomBytes(32).toString('hex')}`) {
      const address = addressIds.get(userId)
      if (!address) throw new Error(`user ${userId} has no deposit address`)
      await deposits.insertDeposit(t.db.kysely, {
        network_code: 'ERC20',
        tx_hash: txHash,
        log_index: 0,
        block_number: 1,
        block_hash: `0x${'00'.repeat(32)}`,
        address_id: address.id,
        user_id: userId,
        from_address: `0x${'11'.repeat(20)}`,
        amount_units: String(BigInt(cents) * 10_000n),
        amount_cents: cents,
        dust_units: '0',
        status: 'pending',
        seen_at_ms: Date.now(),
      })
      const row = await deposits.findDepositByKey(t.db.kysely, 'ERC20', txHash, 0)
      return { id: row!.id, txHash }
    },
    async credit(db) {
      return (await creditDue(db, network, headBlock)).credited
    },
    async statusOf(depositId) {
      return (await deposits.findDeposit(t.db.kysely, depositId))?.status ?? 'missing'
    },
  }
}
