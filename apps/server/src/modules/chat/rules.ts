import type { ChatProfile } from '@bazaar/contract/chat'
import type { Trx } from '../../db/database.ts'
import { AppError } from '../../platform/errors.ts'
import { hasOrderWithShop } from '../order/messages-service.ts'
import { profilesOf } from './mappers.ts'
import * as repo from './repo.ts'

/** Whether a user's instant messaging service is on (SPEC §6): on unless an operator switched it off. */
export async function isImActive(trx: Trx, userId: number): Promise<boolean> {
  return (await repo.findImSetting(trx, userId))?.active !== 0
}

/** @throws 'Please activate IM instant messaging service' */
export async function assertImActive(trx: Trx, userId: number): Promise<void> {
  if (!(await isImActive(trx, userId))) throw new AppError('Please activate IM instant messaging service')
}

/**
 * Who may write to whom (SPEC §6): anyone to a merchant (the other party owns a shop); a
 * merchant to someone who has ordered from their shop or has written to them.
 * @param profiles the sender's and the peer's, when the caller has them already
 * @throws 'other party is not a merchant'
 */
export async function assertMayWrite(
  trx: Trx,
  senderId: number,
  peerId: number,
  conversationId: number | undefined,
  profiles?: Map<number, ChatProfile>,
): Promise<void> {
  const known = profiles ?? (await profilesOf(trx, [senderId, peerId]))
  if (known.get(peerId)?.shopId != null) return
  const ownShop = known.get(senderId)?.shopId
  if (ownShop != null) {
    if (await hasOrderWithShop(trx, peerId, ownShop)) return
    if (conversationId !== undefined && (await repo.hasWritten(trx, conversationId, peerId))) return
  }
  throw new AppError('other party is not a merchant')
}
