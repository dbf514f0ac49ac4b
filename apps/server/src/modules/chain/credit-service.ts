import type { OperatorDeposit } from '@bazaar/contract/chain'
import type { Selectable } from 'kysely'
import { emitAfterCommit } from '../../db/commit-events.ts'
import type { Db } from '../../db/database.ts'
import { recordAudit } from '../../platform/audit.ts'
import { AppError } from '../../platform/errors.ts'
import { creditChainDeposit } from '../wallet/chain-credit-service.ts'
import * as deposits from './deposits-repo.ts'
import * as repo from './settings-repo.ts'
import type { ChainNetwork } from './settings-service.ts'
import { chainNetworks } from './settings-service.ts'
import type { ChainDepositsTable } from './tables.ts'
import { toChainDeposit, toOperatorDeposit } from './views.ts'

/** Deposits read at once; a pass reads batches until fewer come back, at most `batchesPerPass` (the rest wait for the next pass). */
const batchSize = 500
const batchesPerPass = 20

/**
 * Decides the deposits of a network whose confirmations are reached at `headBlock` (the
 * block `block + confirmations − 1`), each in its own transaction (issue 21): a conditional
 * update moves it out of 'pending' (its row count decides, so two watchers, or a watcher run
 * twice after a restart, decide it once), then a deposit under the network's minimum (or of
 * less than a cent) is recorded 'below_minimum' and credits nothing; any other is credited
 * through the ledger, custody → user (wallet `creditChainDeposit`), or 'matched' when an
 * operator's approval of a recharge already credited its hash.
 * @returns how many deposits became credited, matched and below minimum
 */
export async function creditDue(db: Db, network: ChainNetwork, headBlock: number) {
  const maxBlock = headBlock - network.confirmations + 1
  const tally = { credited: 0, matched: 0, belowMinimum: 0 }
  for (let batch = 0; batch < batchesPerPass; batch++) {
    const due = await deposits.findDueDeposits(db.kysely, network.networkCode, maxBlock, batchSize)
    for (const d of due) {
      const outcome = await decide(db, network, d, maxBlock, headBlock)
      if (outcome === 'credited') tally.credited++
      else if (outcome === 'matched') tally.matched++
      else if (outcome === 'below_minimum') tally.belowMinimum++
    }
    if (due.length < batchSize) break
  }
  return tally
}

/** Decides one due deposit in its own transaction; undefined when another pass decided it first. */
function decide(db: Db, network: ChainNetwork, d: Selectable<ChainDepositsTable>, maxBlock: number, headBlock: number) {
  const amountCents = Number(d.amount_cents)
  const below = amountCents < network.depositMinCents || amountCents === 0
  return db.kysely.transaction().execute(async (trx) => {
    const nowMs = Date.now()
    const status = below ? 'below_minimum' : 'credited'
    if (!(await deposits.updateDeposit(trx, d.id, { status, decided_at_ms: nowMs }, { status: ['pending'], maxBlock }))) return undefined
    let decided: 'credited' | 'matched' | 'below_minimum' = status
    if (!below) {
      const credit = { depositId: d.id, networkCode: d.network_code, txHash: d.tx_hash, userId: d.user_id, amountCents }
      decided = await creditChainDeposit(trx, credit)
      if (decided === 'matched') await deposits.updateDeposit(trx, d.id, { status: 'matched' })
    }
    const row = { ...d, status: decided, decided_at_ms: nowMs }
    await emitAfterCommit(trx, 'chain.deposit', { userId: d.user_id, item: toChainDeposit(row, network, headBlock) })
    return decided
  })
}

/**
 * Tells the owners of a network's pending deposits their confirmations ("seen, 3 of 12"),
 * after the head moved. Pushes only: nothing is written.
 */
export async function pushConfirmations(db: Db, network: ChainNetwork, headBlock: number): Promise<void> {
  for (const d of await deposits.findPendingDeposits(db.kysely, network.networkCode, batchSize))
    await emitAfterCommit(db.kysely, 'chain.deposit', { userId: d.user_id, item: toChainDeposit(d, network, headBlock) })
}

/**
 * Credits by hand a deposit recorded below the network's minimum (an operator's decision with
 * a reason, audit-logged; reconciliation page): custody → user, as a chain credit. Only a
 * deposit still 'below_minimum' of at least a cent moves (a conditional update decides).
 * @throws 'Deposit not found' | 'Deposit cannot be credited by hand' | 'Transaction hash already used' (an approval of a recharge credited its hash)
 */
export async function creditByHand(db: Db, operatorId: number, depositId: number, reason: string): Promise<OperatorDeposit> {
  const found = await deposits.findDeposit(db.kysely, depositId)
  if (!found) throw new AppError('Deposit not found')
  const network = (await chainNetworks(db.kysely)).find((n) => n.networkCode === found.network_code)
  if (!network) throw new AppError('Deposit not found')
  const headBlock = (await repo.findWatch(db.kysely, network.networkCode))?.head_block ?? null
  return db.kysely.transaction().execute(async (trx) => {
    const nowMs = Date.now()
    const changes = { status: 'credited' as const, decided_at_ms: nowMs, credited_by_operator_id: operatorId, credit_reason: reason }
    const amountCents = Number(found.amount_cents)
    if (amountCents < 1 || !(await deposits.updateDeposit(trx, depositId, changes, { status: ['below_minimum'] })))
      throw new AppError('Deposit cannot be credited by hand')
    const credit = { depositId, networkCode: found.network_code, txHash: found.tx_hash, userId: found.user_id, amountCents }
    if ((await creditChainDeposit(trx, credit)) === 'matched') throw new AppError('Transaction hash already used')
    await recordAudit(trx, {
      operatorId,
      action: 'chain.deposit.credit',
      targetType: 'chain_deposit',
      targetId: depositId,
      detail: { reason, amountCents, userId: found.user_id, networkCode: found.network_code, txHash: found.tx_hash },
    })
    const row = { ...found, ...changes }
    await emitAfterCommit(trx, 'chain.deposit', {
      userId: found.user_id,
      item: toChainDeposit(row, network, headBlock === null ? null : Number(headBlock)),
    })
    return toOperatorDeposit(row)
  })
}
