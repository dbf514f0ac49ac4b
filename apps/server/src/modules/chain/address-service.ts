import type { DepositAddress } from '@bazaar/contract/chain'
import { getAddress } from 'viem'
import type { Db } from '../../db/database.ts'
import { AppError } from '../../platform/errors.ts'
import { isUniqueViolation } from '../../platform/unique-violation.ts'
import { networkOrThrow } from '../wallet/network-service.ts'
import * as depositsRepo from './deposits-repo.ts'
import { depositAddressAt, parseAccountXpub } from './derive.ts'
import * as repo from './settings-repo.ts'
import { type ChainConfig, chainNetworks, isWatched } from './settings-service.ts'

/** Thrown inside the transaction when a concurrent call of the same user gave the address first: roll back (the index returns), read theirs. */
class GivenMeanwhile extends Error {}

/**
 * The user's own deposit address on a network (issue 21; SPEC §5), given on the first ask
 * under the network's current key: derived at `0/i` with `i` taken from the key's counter in
 * the same transaction (so wallets' gap limits hold), stored once and never derived again.
 * After operators change the key, the next ask gives an address of the new key; the old one
 * stays watched. Two asks of one user at once give one address (unique per key and user; the
 * loser's transaction rolls back, its index with it).
 * @throws 'select a recharge method' (no such EVM network) | 'Recharge closed on this network' (not watched)
 */
export async function depositAddressOf(db: Db, config: ChainConfig, userId: number, networkCode: string): Promise<DepositAddress> {
  await networkOrThrow(db.kysely, networkCode, 'select a recharge method')
  const network = (await chainNetworks(db.kysely)).find((n) => n.networkCode === networkCode)
  const account = network && isWatched(network, config) ? parseAccountXpub(network.xpub) : undefined
  if (!account) throw new AppError('Recharge closed on this network')
  await repo.insertKey(db.kysely, networkCode, network!.xpub, Date.now())
  const key = await repo.findKey(db.kysely, networkCode, network!.xpub)
  if (!key) throw new Error(`deposit key of ${networkCode} missing`)
  const answer = (address: string) => ({ networkCode, address: getAddress(address) })
  const existing = await depositsRepo.findUserAddress(db.kysely, key.id, userId)
  if (existing) return answer(existing.address)
  try {
    const row = await db.kysely.transaction().execute(async (trx) => {
      const index = await repo.takeKeyIndex(trx, key.id)
      try {
        return await depositsRepo.insertAddress(trx, {
          network_code: networkCode,
          key_id: key.id,
          derivation_index: index,
          user_id: userId,
          address: depositAddressAt(account, index).toLowerCase(),
          created_at_ms: Date.now(),
        })
      } catch (error) {
        if (isUniqueViolation(error)) throw new GivenMeanwhile()
        throw error
      }
    })
    return answer(row.address)
  } catch (error) {
    if (!(error instanceof GivenMeanwhile)) throw error
    const given = await depositsRepo.findUserAddress(db.kysely, key.id, userId)
    if (!given) throw new Error('deposit address given meanwhile but not found')
    return answer(given.address)
  }
}
