import { emitAfterCommit } from '../../db/commit-events.ts'
import type { Db, Trx } from '../../db/database.ts'
import { centsOf } from './amounts.ts'
import * as deposits from './deposits-repo.ts'
import type { ChainRpc, TransferLog } from './rpc.ts'
import * as repo from './settings-repo.ts'
import type { ChainNetwork } from './settings-service.ts'
import { toChainDeposit } from './views.ts'

/** What a scan pass works with. */
export interface ScanDeps {
  db: Db
  rpc: ChainRpc
  /** Most blocks one eth_getLogs asks for. */
  logRange: number
  warn(obj: object, msg: string): void
}

/** Blocks kept beyond the confirmations, to find where a reorg forked (and to notice one deeper than the confirmations). */
export const reorgMemoryBlocks = 64
/** Ranges one pass reads at most, so a watcher far behind catches up in bounded steps. */
const rangesPerPass = 20

/** The newest block whose hash a pass records: blocks within the confirmations and the memory beyond them. */
const memoryStart = (network: ChainNetwork, headBlock: number) => headBlock - network.confirmations - reorgMemoryBlocks + 1

/**
 * Finds a reorg and undoes what it took away (issue 21): the hash recorded for the newest
 * remembered block is asked of the node again; when it differs, the remembered blocks are
 * compared (one batch) down to the newest that still holds, the fork. Above it, deposits not
 * credited are dropped (they may reappear), credited ones are flagged, never reversed (a reorg
 * deeper than the confirmations), and the cursor goes back to the fork.
 * @returns the fork block, or undefined when the chain still holds what was recorded
 */
export async function undoReorg(deps: ScanDeps, network: ChainNetwork, headBlock: number): Promise<number | undefined> {
  const code = network.networkCode
  const remembered = await repo.findBlocks(deps.db.kysely, code)
  const newest = remembered[0]
  if (!newest) return undefined
  const now = await deps.rpc.blockHashes([Number(newest.number)])
  if (now.get(Number(newest.number)) === newest.hash) return undefined
  const onChain = await deps.rpc.blockHashes(remembered.map((b) => Number(b.number)))
  const holding = remembered.find((b) => onChain.get(Number(b.number)) === b.hash)
  const fork = holding ? Number(holding.number) : Number(remembered.at(-1)!.number) - 1
  const nowMs = Date.now()
  const flagged = await deps.db.kysely.transaction().execute(async (trx) => {
    const count = await deposits.orphanDepositsAbove(trx, code, fork, nowMs)
    await repo.deleteBlocks(trx, code, { above: fork })
    await trx
      .updateTable('chain_watch')
      .set((eb) => ({ cursor_block: fork, deep_reorgs: eb('deep_reorgs', '+', count), updated_at_ms: nowMs }))
      .where('network_code', '=', code)
      .where('cursor_block', '>', fork)
      .execute()
    return count
  })
  deps.warn(
    { network: code, forkBlock: fork, headBlock, creditedDepositsFlagged: flagged, beyondMemory: !holding },
    flagged > 0
      ? 'chain reorg deeper than the confirmations: credited deposits flagged, nothing reversed'
      : 'chain reorg: cursor moved back',
  )
  return fork
}

/**
 * Records a range's Transfer logs to deposit addresses, the hashes of its recent blocks and the
 * cursor, in one transaction (a kill -9 mid-pass loses or doubles nothing: the range is read
 * again). A deposit is keyed by (network, tx hash, log index); one whose block vanished and that
 * reappears in another block keeps its row, so it is credited once.
 */
async function recordRange(
  trx: Trx,
  network: ChainNetwork,
  range: { toBlock: number; headBlock: number; logs: TransferLog[]; hashes: { number: number; hash: string }[] },
): Promise<void> {
  const code = network.networkCode
  const nowMs = Date.now()
  const addresses = await deposits.findAddressesAmong(trx, code, [...new Set(range.logs.map((l) => l.to))])
  const byAddress = new Map(addresses.map((a) => [a.address, a]))
  for (const log of range.logs) {
    const address = byAddress.get(log.to)
    if (!address) continue
    const { cents, dustUnits } = centsOf(log.value, network.tokenDecimals)
    const place = { block_number: log.blockNumber, block_hash: log.blockHash }
    const existing = await deposits.findDepositByKey(trx, code, log.txHash, log.logIndex)
    const orphan =
      existing ?? (await deposits.findOrphan(trx, { code, txHash: log.txHash, addressId: address.id, amountUnits: log.value.toString() }))
    if (orphan) {
      const unchanged = orphan.block_hash === log.blockHash && orphan.status !== 'dropped' && orphan.reorged_at_ms === null
      if (unchanged) continue
      const revived = orphan.status === 'dropped' ? { status: 'pending' as const, decided_at_ms: null } : {}
      await deposits.updateDeposit(trx, orphan.id, { ...place, log_index: log.logIndex, reorged_at_ms: null, ...revived })
    } else {
      await deposits.insertDeposit(trx, {
        network_code: code,
        tx_hash: log.txHash,
        log_index: log.logIndex,
        ...place,
        address_id: address.id,
        user_id: address.user_id,
        from_address: log.from,
        amount_units: log.value.toString(),
        amount_cents: cents,
        dust_units: dustUnits.toString(),
        status: 'pending',
        seen_at_ms: nowMs,
      })
    }
    const row = await deposits.findDepositByKey(trx, code, log.txHash, log.logIndex)
    if (row) await emitAfterCommit(trx, 'chain.deposit', { userId: row.user_id, item: toChainDeposit(row, network, range.headBlock) })
  }
  await repo.saveBlocks(trx, code, range.hashes)
  await repo.advanceCursor(trx, code, range.toBlock, range.headBlock, nowMs)
}

/** Reads a range's Transfer logs, halving the range while the node refuses it (too many results, a provider's cap). */
async function logsOf(
  deps: ScanDeps,
  token: string,
  fromBlock: number,
  toBlock: number,
): Promise<{ logs: TransferLog[]; toBlock: number }> {
  for (let to = toBlock; ; to = fromBlock + Math.floor((to - fromBlock) / 2)) {
    try {
      return { logs: await deps.rpc.transferLogs(token, fromBlock, to), toBlock: to }
    } catch (error) {
      if (to === fromBlock) throw error
    }
  }
}

/**
 * One scan pass over a network (issue 21): the head, a reorg check, then the blocks after the
 * cursor in bounded ranges (at most `rangesPerPass`), each recorded in its own transaction.
 * A range whose logs name a block hash the node no longer reports (a reorg while reading)
 * is left for the next pass.
 * @returns the head block the pass saw and the cursor it reached
 */
export async function scanNetwork(deps: ScanDeps, network: ChainNetwork): Promise<{ headBlock: number; cursorBlock: number }> {
  const code = network.networkCode
  const headBlock = await deps.rpc.headBlock()
  await undoReorg(deps, network, headBlock)
  const watch = await repo.findWatch(deps.db.kysely, code)
  let cursor = watch?.cursor_block === null || watch === undefined ? network.startBlock - 1 : Number(watch.cursor_block)
  const keepFrom = memoryStart(network, headBlock)
  for (let n = 0; n < rangesPerPass && cursor < headBlock; n++) {
    const fromBlock = cursor + 1
    const read = await logsOf(deps, network.tokenAddress, fromBlock, Math.min(headBlock, cursor + deps.logRange))
    const numbers: number[] = []
    for (let b = Math.max(fromBlock, keepFrom); b <= read.toBlock; b++) numbers.push(b)
    const found = await deps.rpc.blockHashes(numbers)
    const hashes = numbers.map((number) => ({ number, hash: found.get(number) }))
    const moved =
      hashes.some((h) => h.hash === undefined) ||
      read.logs.some((l) => found.has(l.blockNumber) && found.get(l.blockNumber) !== l.blockHash)
    if (moved) break
    await deps.db.kysely.transaction().execute((trx) =>
      recordRange(trx, network, {
        toBlock: read.toBlock,
        headBlock,
        logs: read.logs,
        hashes: hashes as { number: number; hash: string }[],
      }),
    )
    cursor = read.toBlock
  }
  if (watch?.head_block !== headBlock) await repo.advanceCursor(deps.db.kysely, code, cursor, headBlock, Date.now())
  await repo.deleteBlocks(deps.db.kysely, code, { below: keepFrom })
  return { headBlock, cursorBlock: cursor }
}
