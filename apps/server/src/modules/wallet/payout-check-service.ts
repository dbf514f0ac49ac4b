import type { PayoutCheckNote } from '@bazaar/contract/chain-values'
import type { Trx } from '../../db/database.ts'
import * as repo from './repo.ts'

/**
 * Payouts checked against the chain (issue 21): an approved withdrawal on an EVM network
 * carries `payout_check = 'pending'` from its approval until the chain module has read its
 * payout transaction, then 'ok' or 'flagged' with why. The flag is shown on the withdrawal
 * and on the reconciliation page, never hidden.
 */

/** A payout waiting for its check: where it went, how much (amount − fee), and when it was approved. */
export interface PayoutToCheck {
  id: number
  address: string
  receivedCents: number
  payoutTxHash: string
  approvedAtMs: number
}

/** A network's approved withdrawals whose payout was not checked yet, oldest first (at most `limit`). */
export async function payoutsToCheck(trx: Trx, networkCode: string, limit: number): Promise<PayoutToCheck[]> {
  const rows = await repo.findPayoutsToCheck(trx, networkCode, limit)
  return rows.map((w) => ({
    id: w.id,
    address: w.address,
    receivedCents: Number(w.amount_cents) - Number(w.fee_cents),
    payoutTxHash: w.payout_tx_hash ?? '',
    approvedAtMs: Number(w.reviewed_at_ms ?? w.created_at_ms),
  }))
}

/** Records a payout's check: 'ok', or 'flagged' with why; only a check still pending changes. */
export async function recordPayoutCheck(trx: Trx, withdrawalId: number, result: { ok: true } | { ok: false; note: PayoutCheckNote }) {
  await repo.setPayoutCheck(
    trx,
    withdrawalId,
    result.ok ? { check: 'ok', note: null } : { check: 'flagged', note: result.note },
    Date.now(),
  )
}

/** Payout checks by network and outcome (the reconciliation's flows). */
export async function payoutCheckCounts(trx: Trx): Promise<Map<string, { ok: number; flagged: number; pending: number }>> {
  const counts = new Map<string, { ok: number; flagged: number; pending: number }>()
  for (const row of await repo.countPayoutChecks(trx)) {
    const entry = counts.get(row.network_code) ?? { ok: 0, flagged: 0, pending: 0 }
    if (row.payout_check) entry[row.payout_check] = Number(row.n)
    counts.set(row.network_code, entry)
  }
  return counts
}

/** Flagged payouts, newest first, for the reconciliation page. */
export async function flaggedPayouts(trx: Trx, limit: number) {
  return (await repo.findFlaggedPayouts(trx, limit)).map((w) => ({
    id: w.id,
    userId: w.user_id,
    networkCode: w.network_code,
    address: w.address,
    receivedCents: Number(w.amount_cents) - Number(w.fee_cents),
    payoutTxHash: w.payout_tx_hash ?? '',
    note: (w.payout_check_note ?? 'missing') as PayoutCheckNote,
    checkedAtMs: Number(w.payout_checked_at_ms ?? 0),
  }))
}
