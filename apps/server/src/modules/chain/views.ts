import type { ChainDeposit, OperatorDeposit } from '@bazaar/contract/chain'
import { confirmationsOf } from '@bazaar/contract/chain-values'
import type { Selectable } from 'kysely'
import type { ChainNetwork } from './settings-service.ts'
import type { ChainDepositsTable } from './tables.ts'

declare module '../../db/commit-events.ts' {
  interface CommitEvents {
    /** A deposit of `userId` was seen, moved or decided, or its confirmations grew (pushed live as the `deposit` kind). */
    'chain.deposit': { userId: number; item: ChainDeposit }
  }
}

/** A deposit as its owner sees it: confirmations counted from the head the watcher last saw. */
export function toChainDeposit(
  d: Selectable<ChainDepositsTable>,
  network: Pick<ChainNetwork, 'confirmations' | 'depositMinCents'>,
  headBlock: number | null,
): ChainDeposit {
  const required = network.confirmations
  return {
    id: d.id,
    networkCode: d.network_code,
    txHash: d.tx_hash,
    amountCents: Number(d.amount_cents),
    confirmations: d.status === 'pending' ? Math.min(confirmationsOf(headBlock, Number(d.block_number)), required) : required,
    confirmationsRequired: required,
    status: d.status,
    belowMinimum: Number(d.amount_cents) < network.depositMinCents,
    seenAtMs: Number(d.seen_at_ms),
  }
}

/** A deposit as operators see it on the reconciliation page's lists. */
export const toOperatorDeposit = (d: Selectable<ChainDepositsTable>): OperatorDeposit => ({
  id: d.id,
  networkCode: d.network_code,
  userId: d.user_id,
  txHash: d.tx_hash,
  logIndex: d.log_index,
  blockNumber: Number(d.block_number),
  fromAddress: d.from_address,
  amountUnits: d.amount_units,
  amountCents: Number(d.amount_cents),
  status: d.status,
  reorgedAtMs: d.reorged_at_ms === null ? null : Number(d.reorged_at_ms),
  creditReason: d.credit_reason,
  seenAtMs: Number(d.seen_at_ms),
})
