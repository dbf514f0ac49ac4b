import type { Recharge, Withdrawal } from '@bazaar/contract/wallet'
import type { Selectable } from 'kysely'
import type { RechargesTable, WithdrawalsTable } from './tables.ts'

/** Maps a recharge row to its API shape. */
export const toRecharge = (r: Selectable<RechargesTable>): Recharge => ({
  id: r.id,
  networkCode: r.network_code,
  amountCents: Number(r.amount_cents),
  proofUploadId: r.proof_upload_id,
  txHash: r.tx_hash,
  status: r.status,
  rejectReason: r.reject_reason,
  createdAtMs: r.created_at_ms,
})

/** Maps a withdrawal row to its API shape; the amount received is the amount less the fee. */
export const toWithdrawal = (w: Selectable<WithdrawalsTable>): Withdrawal => ({
  id: w.id,
  networkCode: w.network_code,
  address: w.address,
  amountCents: Number(w.amount_cents),
  feeCents: Number(w.fee_cents),
  receivedCents: Number(w.amount_cents) - Number(w.fee_cents),
  status: w.status,
  payoutTxHash: w.payout_tx_hash,
  rejectReason: w.reject_reason,
  createdAtMs: w.created_at_ms,
})
