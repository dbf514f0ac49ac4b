import type { Defaulted, Id } from '../../db/column-types.ts'

/** Tables of the wallet module: the ledger, networks, recharges and withdrawals. */
export interface WalletTables {
  ledger_accounts: LedgerAccountsTable
  ledger_transfers: LedgerTransfersTable
  shop_ledger_days: ShopLedgerDaysTable
  networks: NetworksTable
  recharges: RechargesTable
  withdrawal_addresses: WithdrawalAddressesTable
  withdrawals: WithdrawalsTable
  deposit_hashes: DepositHashesTable
  chain_credits: ChainCreditsTable
}

export interface LedgerAccountsTable {
  id: Id
  /** Stable name: 'user:<id>:available', 'user:<id>:held', 'platform:custody', 'platform:fees'. */
  code: string
  kind: string
  owner_user_id: number | null
  /** 1 for platform accounts, whose balance is derived from transfers and may be negative. */
  is_platform: Defaulted<number>
  /** Kept for user and merchant accounts only (CHECK >= 0); always 0 on platform accounts. */
  balance_cents: Defaulted<number>
  created_at_ms: number
}

export interface LedgerTransfersTable {
  id: Id
  /** The account money leaves. */
  debit_account_id: number
  /** The account money reaches. */
  credit_account_id: number
  amount_cents: number
  kind: string
  reference_type: string
  reference_id: number
  /** The shop the money concerns (order, purchase, settlement, bond transfers), for merchant figures. */
  shop_id: number | null
  /** The order the money concerns, for an order's money timeline. */
  order_id: number | null
  created_at_ms: number
}

/** A shop's transfers of one kind on one UTC day, summed (written by `transfer()` in the same transaction). */
export interface ShopLedgerDaysTable {
  shop_id: number
  /** UTC day number: floor(created_at_ms / 86,400,000). */
  day: number
  kind: string
  amount_cents: number
}

export interface NetworksTable {
  code: string
  name: string
  address_format: 'tron' | 'evm'
  /** The platform's deposit address; empty until an operator sets it (recharge closed). */
  deposit_address: Defaulted<string>
  withdrawal_fee_cents: number
  withdrawal_min_cents: number
  withdrawal_max_cents: number
  monthly_withdrawal_cap: number
  withdrawals_enabled: number
  sort_order: number
  updated_at_ms: number
}

export interface RechargesTable {
  id: Id
  user_id: number
  network_code: string
  amount_cents: number
  proof_upload_id: number
  tx_hash: string | null
  /** Set on a recharge that repeats an older one's tx hash (filed before hashes were unique): the console warns. */
  duplicate_of_recharge_id: number | null
  status: 'pending' | 'approved' | 'rejected'
  reject_reason: string | null
  reviewed_by_operator_id: number | null
  reviewed_at_ms: number | null
  created_at_ms: number
}

export interface WithdrawalAddressesTable {
  id: Id
  user_id: number
  network_code: string
  address: string
  created_at_ms: number
}

export interface WithdrawalsTable {
  id: Id
  user_id: number
  network_code: string
  address: string
  amount_cents: number
  fee_cents: number
  status: 'pending' | 'approved' | 'rejected'
  /** The on-chain transaction that paid an approved withdrawal out, entered by the operator. */
  payout_tx_hash: string | null
  /** EVM networks: the payout transaction checked against the chain ('pending' until read; 'flagged': see the note). */
  payout_check: 'pending' | 'ok' | 'flagged' | null
  payout_check_note: string | null
  payout_checked_at_ms: number | null
  reject_reason: string | null
  reviewed_by_operator_id: number | null
  reviewed_at_ms: number | null
  created_at_ms: number
}

/**
 * Each deposit transaction hash that credited a wallet, once per network (primary key), and
 * what credited it: an operator's approval of a recharge ('proof', naming it) or the chain
 * watcher ('chain'). Hashes are stored in their one form (contract `normaliseTxHash`).
 */
export interface DepositHashesTable {
  network_code: string
  tx_hash: string
  source: 'proof' | 'chain'
  recharge_id: number | null
  created_at_ms: number
}

/**
 * What a chain deposit credited to a user's wallet (custody → available), once per deposit:
 * the wallet records show it as an approved recharge with its network and hash.
 */
export interface ChainCreditsTable {
  /** The chain module's deposit id. */
  deposit_id: number
  network_code: string
  tx_hash: string
  user_id: number
  amount_cents: number
  created_at_ms: number
}
