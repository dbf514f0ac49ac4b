import { type PayoutCheckNote, payoutMissingAfterMs } from '@bazaar/contract/chain-values'
import type { Db } from '../../db/database.ts'
import { payoutsToCheck, recordPayoutCheck } from '../wallet/payout-check-service.ts'
import { unitsOfCents } from './amounts.ts'
import type { ChainRpc, TransferLog } from './rpc.ts'
import type { ChainNetwork } from './settings-service.ts'

/** Payouts one pass checks at most. */
const batchSize = 20

/**
 * What a payout's receipt says against the withdrawal (issue 21): a Transfer of the network's
 * token to the withdrawal's address of exactly amount − fee, from one of the network's payout
 * addresses. The first thing that does not hold names the flag.
 */
export function judgePayout(
  network: Pick<ChainNetwork, 'tokenAddress' | 'tokenDecimals' | 'payoutAddresses'>,
  payout: { address: string; receivedCents: number },
  receipt: { succeeded: boolean; transfers: TransferLog[] },
): PayoutCheckNote | undefined {
  if (!receipt.succeeded) return 'reverted'
  const token = network.tokenAddress.toLowerCase()
  const toAddress = receipt.transfers.filter((t) => t.token === token && t.to === payout.address.toLowerCase())
  if (toAddress.length === 0) return 'wrong_recipient'
  const expected = unitsOfCents(payout.receivedCents, network.tokenDecimals)
  const exact = toAddress.filter((t) => t.value === expected)
  if (exact.length === 0) return 'wrong_amount'
  const payoutAddresses = new Set(network.payoutAddresses.map((a) => a.toLowerCase()))
  return exact.some((t) => payoutAddresses.has(t.from)) ? undefined : 'not_from_payout_address'
}

/**
 * Checks a network's approved payouts against the chain: each receipt is read and judged
 * (`judgePayout`); a transaction the node does not know is left pending until
 * `payoutMissingAfterMs` after the approval, then flagged 'missing'.
 * @returns how many were found right and how many were flagged
 */
export async function checkPayouts(db: Db, rpc: ChainRpc, network: ChainNetwork, nowMs = Date.now()) {
  const tally = { ok: 0, flagged: 0 }
  for (const payout of await payoutsToCheck(db.kysely, network.networkCode, batchSize)) {
    const receipt = await rpc.receipt(payout.payoutTxHash)
    if (!receipt && nowMs - payout.approvedAtMs < payoutMissingAfterMs) continue
    const note = receipt ? judgePayout(network, payout, receipt) : 'missing'
    await recordPayoutCheck(db.kysely, payout.id, note ? { ok: false, note } : { ok: true })
    if (note) tally.flagged++
    else tally.ok++
  }
  return tally
}
