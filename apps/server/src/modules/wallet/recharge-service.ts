import type { Recharge, RechargeBody } from '@bazaar/contract/wallet'
import { normaliseTxHash } from '@bazaar/contract/wallet-values'
import type { Db } from '../../db/database.ts'
import { AppError } from '../../platform/errors.ts'
import { runIdempotent } from '../../platform/idempotency.ts'
import { isUniqueViolation } from '../../platform/unique-violation.ts'
import { assertMoneyAllowed } from '../auth/service.ts'
import { chainDepositsOn } from '../chain/settings-service.ts'
import { ownUpload } from '../uploads/service.ts'
import { toRecharge } from './mappers.ts'
import { networkOrThrow } from './network-service.ts'
import * as repo from './repo.ts'

/**
 * Files a recharge for review (SPEC §3 Recharge, §5): pending until an operator approves
 * (credits the wallet) or rejects it. The proof must be the user's own upload. A network is
 * open with its one deposit address, or with chain deposits on (the proof is for what the
 * chain cannot match: sent from an exchange, another network, not arrived). The hash is
 * stored in its one form (lower case, `0x` on EVM networks only), so the same transfer pasted
 * in another case or without its prefix is the same hash (issue 21).
 * @throws 'select a recharge method' | 'Recharge closed on this network' | 'upload the transfer attachment' | 'Invalid transaction hash' (not the network's hash format) | 'Transaction hash already used' | 'Account is locked' | 'Money Status is locked'
 */
export async function createRecharge(db: Db, userId: number, body: RechargeBody, idempotencyKey: string | undefined): Promise<Recharge> {
  const network = await networkOrThrow(db.kysely, body.networkCode, 'select a recharge method')
  if (!network.depositAddress && !(await chainDepositsOn(db.kysely, network.code))) throw new AppError('Recharge closed on this network')
  const txHash = body.txHash ? normaliseTxHash(network.addressFormat, body.txHash) : null
  if (txHash === undefined) throw new AppError('Invalid transaction hash', { fields: { txHash: 'Invalid transaction hash' } })
  if (!(await ownUpload(db.kysely, body.proofUploadId, userId, 'recharge_proof'))) throw new AppError('upload the transfer attachment')
  const file = () =>
    runIdempotent(db, { userId, route: 'POST /wallet/recharges', key: idempotencyKey, body }, async (trx) => {
      await assertMoneyAllowed(trx, userId)
      const row = await repo.insertRecharge(trx, {
        user_id: userId,
        network_code: network.code,
        amount_cents: body.amountCents,
        proof_upload_id: body.proofUploadId,
        tx_hash: txHash,
        status: 'pending',
        reject_reason: null,
        reviewed_by_operator_id: null,
        reviewed_at_ms: null,
        created_at_ms: Date.now(),
      })
      return toRecharge(row)
    })
  // A deposit's tx hash is used once per network: a unique index decides, also under bursts.
  return file().catch((error: unknown) => {
    if (isUniqueViolation(error, 'recharges_tx_hash_once')) throw new AppError('Transaction hash already used')
    throw error
  })
}
