import type { BondAgreementStatus, BondRequestKind } from '@bazaar/contract/bond-values'
import type { Defaulted, Id } from '../../db/column-types.ts'

/** Tables of the bond module: the level table and the bond agreements (upgrades and requests). */
export interface BondTables {
  bond_levels: BondLevelsTable
  bond_requests: BondRequestsTable
}

export interface BondLevelsTable {
  level: number
  bond_cents: number
  /** Profit ratio in basis points (1000 = 10 %). */
  profit_ratio_bp: number
  daily_traffic: number
  max_listings: number
  updated_at_ms: number
}

export interface BondRequestsTable {
  id: Id
  shop_id: number
  kind: BondRequestKind
  status: BondAgreementStatus
  from_level: number
  to_level: number
  /** Paid into the bond (upgrade) or returned from it (lower, refund), cents. */
  amount_cents: number
  signer_name: string | null
  contract_version: string | null
  signed_at_ms: number | null
  reason: string
  /** Listings the merchant keeps on the shelf when the lower level allows fewer (JSON array of ids). */
  keep_listing_ids_json: Defaulted<string>
  reject_reason: string | null
  decided_by_operator_id: number | null
  decided_at_ms: number | null
  created_at_ms: number
}
