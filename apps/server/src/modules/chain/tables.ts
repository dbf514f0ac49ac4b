import type { Defaulted, Id } from '../../db/column-types.ts'

/** Tables of the chain module: settings per EVM network, the watcher's state, deposit keys, addresses and deposits. */
export interface ChainTables {
  chain_networks: ChainNetworksTable
  chain_watch: ChainWatchTable
  chain_blocks: ChainBlocksTable
  deposit_keys: DepositKeysTable
  deposit_addresses: DepositAddressesTable
  chain_deposits: ChainDepositsTable
}

/** What operators set per EVM network in the console (Networks page, audit-logged). */
export interface ChainNetworksTable {
  network_code: string
  /** 1: the watcher reads this network and users get deposit addresses. */
  enabled: Defaulted<number>
  /** Watch-only extended public key at BIP32 account level (m/44'/60'/0'); '' until set. */
  xpub: Defaulted<string>
  /** The token contract (EIP-55), '' until set. */
  token_address: Defaulted<string>
  token_decimals: number
  chain_id: number
  confirmations: number
  deposit_min_cents: number
  /** The first block the watcher reads. */
  start_block: number
  /** JSON arrays of EIP-55 addresses: the platform's payout addresses, and cold storage. */
  payout_addresses_json: Defaulted<string>
  cold_addresses_json: Defaulted<string>
  updated_at_ms: number
}

/** The watcher's state of a network: its cursor survives restarts and kill -9 (written in the range's transaction). */
export interface ChainWatchTable {
  network_code: string
  /** The last block whose logs are recorded; null: none yet (start at the first block). */
  cursor_block: number | null
  /** The newest block the node reported at the last poll (confirmations are counted from it). */
  head_block: number | null
  state: Defaulted<'idle' | 'watching' | 'no_rpc' | 'chain_id_mismatch' | 'rpc_error' | 'not_configured'>
  note: string | null
  /** Reorgs seen deeper than the confirmations (credited deposits whose block vanished). */
  deep_reorgs: Defaulted<number>
  updated_at_ms: number
}

/** Hashes of recent blocks of a network, to notice a reorg and find where it forked. */
export interface ChainBlocksTable {
  network_code: string
  number: number
  hash: string
}

/** Each watch-only key a network has had, with the count of addresses given from it (the next index). */
export interface DepositKeysTable {
  id: Id
  network_code: string
  xpub: string
  next_index: Defaulted<number>
  created_at_ms: number
}

/** A user's deposit address on a network, derived once at 0/i under a key and never again. */
export interface DepositAddressesTable {
  id: Id
  network_code: string
  key_id: number
  derivation_index: number
  user_id: number
  /** Lower-case hex, as Transfer logs carry it. */
  address: string
  created_at_ms: number
}

/**
 * A Transfer of the token to a deposit address, once per (network, tx hash, log index).
 * `pending` waits for confirmations; then `credited` (custody → user), `matched` (its hash was
 * credited by an operator's approval of a recharge), or `below_minimum` (recorded, not
 * credited); `dropped` when its block vanished before that. A credited deposit whose block
 * vanished keeps its credit and gets `reorged_at_ms` (flagged to operators, never reversed).
 */
export interface ChainDepositsTable {
  id: Id
  network_code: string
  tx_hash: string
  log_index: number
  block_number: number
  block_hash: string
  address_id: number
  user_id: number
  from_address: string
  /** The token's base units, a decimal string (uint256). */
  amount_units: string
  /** Floored to the cent. */
  amount_cents: number
  /** What is below a cent, in base units (decimal string): recorded, never credited. */
  dust_units: string
  status: 'pending' | 'credited' | 'matched' | 'below_minimum' | 'dropped'
  reorged_at_ms: number | null
  /** Set when an operator credited a below-minimum deposit by hand, with the reason. */
  credited_by_operator_id: number | null
  credit_reason: string | null
  seen_at_ms: number
  decided_at_ms: number | null
}
