import type { Trx } from '../../db/database.ts'
import { accountsByCode, balanceOf, platformAccounts, transfer, userAccounts } from './ledger.ts'
import * as repo from './repo.ts'

/**
 * The wallet's side of deposits credited by the chain (issue 21; ARCHITECTURE.md money flows:
 * "deposit confirmed: custody → buyer available"). The chain module calls these inside its
 * own transactions.
 */

/**
 * Credits a confirmed chain deposit to its owner, in the caller's transaction: the transfer's
 * hash is claimed first (`deposit_hashes`, shared with operators' approvals of recharges):
 * when an approval already credited that hash, nothing moves and the deposit is 'matched'.
 * Otherwise custody → the user's available balance, recorded as a chain credit (the wallet
 * records show it as an approved recharge with its network and hash). The caller decides
 * that the deposit is credited once (a conditional update of its status); the credit's
 * primary key (the deposit id) is the second guard.
 * @param d.amountCents integer cents > 0, floored from the token's base units
 * @returns 'credited', or 'matched' when an approval of a recharge had credited the hash
 */
export async function creditChainDeposit(
  trx: Trx,
  d: { depositId: number; networkCode: string; txHash: string; userId: number; amountCents: number },
): Promise<'credited' | 'matched'> {
  const nowMs = Date.now()
  const claim = await repo.claimDepositHash(trx, {
    network_code: d.networkCode,
    tx_hash: d.txHash,
    source: 'chain',
    recharge_id: null,
    created_at_ms: nowMs,
  })
  if (claim.holding.source === 'proof') return 'matched'
  await repo.insertChainCredit(trx, {
    deposit_id: d.depositId,
    network_code: d.networkCode,
    tx_hash: d.txHash,
    user_id: d.userId,
    amount_cents: d.amountCents,
    created_at_ms: nowMs,
  })
  const platform = await accountsByCode(trx, [platformAccounts.custody])
  const user = await userAccounts(trx, d.userId)
  await transfer(trx, {
    debit: platform.get(platformAccounts.custody)!,
    credit: user.available,
    amountCents: d.amountCents,
    kind: 'recharge',
    referenceType: 'chain_deposit',
    referenceId: d.depositId,
  })
  return 'credited'
}

/**
 * What the platform owes everyone, in cents: minus the balance of platform custody, which
 * mirrors every other ledger account together (users, escrow, bonds, fees, purchase,
 * marketing). The reconciliation compares it with the tokens held on chain.
 */
export async function custodyOwedCents(trx: Trx): Promise<number> {
  const custody = (await accountsByCode(trx, [platformAccounts.custody])).get(platformAccounts.custody)!
  return -(await balanceOf(trx, custody))
}
