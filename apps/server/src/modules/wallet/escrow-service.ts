import type { Trx } from '../../db/database.ts'
import { assertMoneyAllowed } from '../auth/service.ts'
import { type AccountRef, accountsByCode, balanceOf, transfer, userAccounts } from './ledger.ts'

/** Escrow is held per order (ARCHITECTURE.md: no row shared by every payment). */
const escrowCode = (orderId: number) => `escrow:${orderId}:order`
/** A shop's pending settlement account, owned by its merchant (settled by the merchant issue). */
const shopPendingCode = (shopId: number) => `shop:${shopId}:pending`

async function escrowAccount(trx: Trx, orderId: number, buyerId: number): Promise<AccountRef> {
  const code = escrowCode(orderId)
  return (await accountsByCode(trx, [code], { [code]: buyerId })).get(code)!
}

/**
 * Pays an order from the buyer's wallet into the order's escrow, inside the caller's
 * transaction (SPEC §3 Wallet; the order is marked paid in the same transaction).
 * @throws 'Insufficient balance' | 'Account is locked' | 'Money Status is locked'
 */
export async function payIntoEscrow(trx: Trx, buyerId: number, orderId: number, amountCents: number): Promise<void> {
  await assertMoneyAllowed(trx, buyerId)
  const { available } = await userAccounts(trx, buyerId)
  await transfer(trx, {
    debit: available,
    credit: await escrowAccount(trx, orderId, buyerId),
    amountCents,
    kind: 'order_payment',
    referenceType: 'order',
    referenceId: orderId,
  })
}

/**
 * Returns part of an order's escrow to the buyer (an agreed refund).
 * @throws 'Insufficient balance' when the escrow holds less (never, if the caller checked the line)
 */
export async function refundFromEscrow(trx: Trx, buyerId: number, orderId: number, amountCents: number, refundId: number): Promise<void> {
  const { available } = await userAccounts(trx, buyerId)
  await transfer(trx, {
    debit: await escrowAccount(trx, orderId, buyerId),
    credit: available,
    amountCents,
    kind: 'order_refund',
    referenceType: 'refund',
    referenceId: refundId,
  })
}

/**
 * Moves what is left in an order's escrow to its shop's pending settlement account (order
 * completed). Nothing moves when a full refund emptied it.
 * @returns the settled amount in cents
 */
export async function settleEscrowToShop(
  trx: Trx,
  buyerId: number,
  orderId: number,
  shopId: number,
  merchantUserId: number,
): Promise<number> {
  const escrow = await escrowAccount(trx, orderId, buyerId)
  const remainingCents = await balanceOf(trx, escrow)
  if (remainingCents <= 0) return 0
  const code = shopPendingCode(shopId)
  const pending = (await accountsByCode(trx, [code], { [code]: merchantUserId })).get(code)!
  await transfer(trx, {
    debit: escrow,
    credit: pending,
    amountCents: remainingCents,
    kind: 'order_settlement',
    referenceType: 'order',
    referenceId: orderId,
  })
  return remainingCents
}
