import type { ChainRules, ChainSettings, ChainSettingsBody } from '@bazaar/contract/chain'
import { chainDefaults } from '@bazaar/contract/chain-values'
import type { Selectable } from 'kysely'
import { getAddress, isAddress } from 'viem'
import type { Db, Trx } from '../../db/database.ts'
import { recordAudit } from '../../platform/audit.ts'
import { AppError } from '../../platform/errors.ts'
import { listNetworks } from '../wallet/network-service.ts'
import { parseAccountXpub } from './derive.ts'
import * as repo from './settings-repo.ts'
import type { ChainNetworksTable, ChainWatchTable } from './tables.ts'

/** What the chain module needs from the settings: each network's node, and the poll interval. */
export interface ChainConfig {
  /** `<NETWORK>_RPC_URL` by network code (config.ts). */
  rpcUrls: Record<string, string>
  pollMs: number
  /** Most blocks one eth_getLogs asks for. */
  logRange: number
}

/** A network's chain settings as the watcher uses them. */
export interface ChainNetwork {
  networkCode: string
  enabled: boolean
  xpub: string
  tokenAddress: string
  tokenDecimals: number
  chainId: number
  confirmations: number
  depositMinCents: number
  startBlock: number
  payoutAddresses: string[]
  coldAddresses: string[]
  updatedAtMs: number
}

const toChainNetwork = (r: Selectable<ChainNetworksTable>): ChainNetwork => ({
  networkCode: r.network_code,
  enabled: r.enabled === 1,
  xpub: r.xpub,
  tokenAddress: r.token_address,
  tokenDecimals: r.token_decimals,
  chainId: r.chain_id,
  confirmations: r.confirmations,
  depositMinCents: Number(r.deposit_min_cents),
  startBlock: Number(r.start_block),
  payoutAddresses: JSON.parse(r.payout_addresses_json) as string[],
  coldAddresses: JSON.parse(r.cold_addresses_json) as string[],
  updatedAtMs: Number(r.updated_at_ms),
})

/** The shipped defaults of an EVM network before operators save any (chain-values `chainDefaults`; unknown codes get ERC20's). */
function defaultsOf(code: string): ChainNetwork {
  const d = chainDefaults[code] ?? chainDefaults.ERC20!
  return {
    networkCode: code,
    enabled: false,
    xpub: '',
    tokenAddress: '',
    tokenDecimals: d.tokenDecimals,
    chainId: d.chainId,
    confirmations: d.confirmations,
    depositMinCents: d.depositMinCents,
    startBlock: 0,
    payoutAddresses: [],
    coldAddresses: [],
    updatedAtMs: 0,
  }
}

/** The EVM networks' codes, in display order (TRON stays on proof review: README, Deposits on chain). */
async function evmNetworkCodes(trx: Trx): Promise<string[]> {
  return (await listNetworks(trx)).filter((n) => n.addressFormat === 'evm').map((n) => n.code)
}

/** Every EVM network's chain settings (saved, or the shipped defaults). */
export async function chainNetworks(trx: Trx): Promise<ChainNetwork[]> {
  const saved = new Map((await repo.findChainNetworks(trx)).map((r) => [r.network_code, toChainNetwork(r)]))
  return (await evmNetworkCodes(trx)).map((code) => saved.get(code) ?? defaultsOf(code))
}

/** Whether the watcher reads a network: switched on, with a key and a token, and a node to ask. */
export function isWatched(n: ChainNetwork, config: Pick<ChainConfig, 'rpcUrls'>): boolean {
  return n.enabled && n.xpub !== '' && n.tokenAddress !== '' && config.rpcUrls[n.networkCode] !== undefined
}

/**
 * What the app publishes of chain deposits (GET /api/wallet/chain-networks, /api/rules):
 * per EVM network, whether deposits are credited by the chain, the confirmations required,
 * the deposit minimum and the poll interval.
 */
export async function chainRules(db: Db, config: ChainConfig): Promise<ChainRules[]> {
  return (await chainNetworks(db.kysely)).map((n) => ({
    networkCode: n.networkCode,
    watching: isWatched(n, config),
    confirmations: n.confirmations,
    depositMinCents: n.depositMinCents,
    pollMs: config.pollMs,
  }))
}

const toWatch = (w: Selectable<ChainWatchTable> | undefined): ChainSettings['watch'] => ({
  state: w?.state ?? 'idle',
  note: w?.note ?? null,
  headBlock: w?.head_block === null || w === undefined ? null : Number(w.head_block),
  cursorBlock: w?.cursor_block === null || w === undefined ? null : Number(w.cursor_block),
  deepReorgs: Number(w?.deep_reorgs ?? 0),
  updatedAtMs: w ? Number(w.updated_at_ms) : null,
})

const toSettings = (n: ChainNetwork, config: ChainConfig, watch: Selectable<ChainWatchTable> | undefined): ChainSettings => ({
  networkCode: n.networkCode,
  enabled: n.enabled,
  xpub: n.xpub,
  tokenAddress: n.tokenAddress,
  tokenDecimals: n.tokenDecimals,
  chainId: n.chainId,
  confirmations: n.confirmations,
  depositMinCents: n.depositMinCents,
  startBlock: n.startBlock,
  payoutAddresses: n.payoutAddresses,
  coldAddresses: n.coldAddresses,
  rpcConfigured: config.rpcUrls[n.networkCode] !== undefined,
  watch: toWatch(watch),
})

/** The console's view: every EVM network's chain settings with its watcher's state. */
export async function listChainSettings(db: Db, config: ChainConfig): Promise<ChainSettings[]> {
  const watches = new Map((await repo.findWatches(db.kysely)).map((w) => [w.network_code, w]))
  return (await chainNetworks(db.kysely)).map((n) => toSettings(n, config, watches.get(n.networkCode)))
}

/**
 * Changes an EVM network's chain settings (operators' console, Networks page) with an audit
 * entry, in one transaction. The key must be a watch-only extended public key at account
 * level (a private key is refused: the server never holds one); addresses must pass EIP-55.
 * A new key is recorded beside the old ones: users keep their old address until they next
 * open recharge, and every address given stays watched. A new token contract or first block
 * starts the watcher's cursor again from the first block (recording is idempotent).
 * @throws 'Route not found' (no such EVM network) | 'Invalid extended public key' | 'Invalid address' (fields name which) | 'Invalid parameters' (switched on without a key or a token)
 */
export async function updateChainSettings(db: Db, operatorId: number, code: string, body: ChainSettingsBody, config: ChainConfig) {
  return db.kysely.transaction().execute(async (trx) => {
    if (!(await evmNetworkCodes(trx)).includes(code)) throw new AppError('Route not found')
    if (body.xpub && !parseAccountXpub(body.xpub))
      throw new AppError('Invalid extended public key', { fields: { xpub: 'Invalid extended public key' } })
    const checked = (field: string, address: string) => {
      // EIP-55: mixed case with a checksum that holds, as withdrawal addresses (wallet addresses.ts).
      if (!isAddress(address, { strict: true }) || address === address.toLowerCase())
        throw new AppError('Invalid address', { fields: { [field]: 'Invalid address' } })
      return getAddress(address)
    }
    const tokenAddress = body.tokenAddress ? checked('tokenAddress', body.tokenAddress) : ''
    const payoutAddresses = [...new Set(body.payoutAddresses.map((a) => checked('payoutAddresses', a)))]
    const coldAddresses = [...new Set(body.coldAddresses.map((a) => checked('coldAddresses', a)))]
    if (body.enabled && (!body.xpub || !tokenAddress))
      throw new AppError('Invalid parameters', {
        fields: body.xpub ? { tokenAddress: 'Invalid parameters' } : { xpub: 'Invalid parameters' },
      })
    const before = (await chainNetworks(trx)).find((n) => n.networkCode === code)!
    const nowMs = Date.now()
    const row = await repo.saveChainNetwork(trx, {
      network_code: code,
      enabled: body.enabled ? 1 : 0,
      xpub: body.xpub,
      token_address: tokenAddress,
      token_decimals: body.tokenDecimals,
      chain_id: body.chainId,
      confirmations: body.confirmations,
      deposit_min_cents: body.depositMinCents,
      start_block: body.startBlock,
      payout_addresses_json: JSON.stringify(payoutAddresses),
      cold_addresses_json: JSON.stringify(coldAddresses),
      updated_at_ms: nowMs,
    })
    if (body.xpub) await repo.insertKey(trx, code, body.xpub, nowMs)
    if (before.tokenAddress.toLowerCase() !== tokenAddress.toLowerCase() || before.startBlock !== body.startBlock) {
      await repo.saveWatch(trx, code, { cursor_block: null, updated_at_ms: nowMs })
      await repo.deleteBlocks(trx, code, {})
    }
    await recordAudit(trx, {
      operatorId,
      action: 'network.chain.update',
      targetType: 'network',
      targetId: code,
      detail: { before, after: { ...body, tokenAddress, payoutAddresses, coldAddresses } },
    })
    return toSettings(toChainNetwork(row), config, await repo.findWatch(trx, code))
  })
}

/** The chain module's settings from the server's (config.ts). */
export function chainConfigOf(config: {
  CHAIN_RPC_URLS: Record<string, string>
  CHAIN_POLL_MS: number
  CHAIN_LOG_RANGE: number
}): ChainConfig {
  return { rpcUrls: config.CHAIN_RPC_URLS, pollMs: config.CHAIN_POLL_MS, logRange: config.CHAIN_LOG_RANGE }
}

/**
 * Whether a network takes deposits to users' own addresses (switched on with a key and a
 * token): recharges filed by hand stay open there for what the chain cannot match ("sent from
 * an exchange", not arrived), even without the network's one deposit address.
 */
export async function chainDepositsOn(trx: Trx, code: string): Promise<boolean> {
  const row = await repo.findChainNetwork(trx, code)
  return row !== undefined && row.enabled === 1 && row.xpub !== '' && row.token_address !== ''
}
