import type { ChainDeposit } from '@bazaar/contract/chain'
import type { Db } from '../../db/database.ts'
import * as deposits from './deposits-repo.ts'
import * as repo from './settings-repo.ts'
import { chainNetworks } from './settings-service.ts'
import { toChainDeposit, toOperatorDeposit } from './views.ts'

/**
 * A user's newest deposits seen on chain, optionally on one network, with their
 * confirmations counted from the head the watcher last saw (the recharge page; the same
 * shape is pushed live). Only the user's own.
 */
export async function listUserDeposits(db: Db, userId: number, query: { networkCode?: string; limit: number }): Promise<ChainDeposit[]> {
  const rows = await deposits.findUserDeposits(db.kysely, userId, query)
  if (rows.length === 0) return []
  const networks = new Map((await chainNetworks(db.kysely)).map((n) => [n.networkCode, n]))
  const heads = new Map(
    (await repo.findWatches(db.kysely)).map((w) => [w.network_code, w.head_block === null ? null : Number(w.head_block)]),
  )
  return rows.flatMap((d) => {
    const network = networks.get(d.network_code)
    return network ? [toChainDeposit(d, network, heads.get(d.network_code) ?? null)] : []
  })
}

/** Deposits on one of the operators' lists (below minimum, reorged after credit, matched, pending), newest first. */
export async function listOperatorDeposits(db: Db, query: { list: 'below_minimum' | 'reorged' | 'matched' | 'pending'; limit: number }) {
  return (await deposits.findListedDeposits(db.kysely, query.list, query.limit)).map(toOperatorDeposit)
}
