import type { Trx } from '../../db/database.ts'
import { assertMoneyAllowed } from '../auth/service.ts'
import { type AccountRef, accountsByCode, balanceOf, platformAccounts, transfer, userAccounts } from './ledger.ts'

/** Escrow is held per order (ARCHITECTURE.md: no row shared by every payment). */
const escrowCode = (orderId: number) => `escrow:${orderId}:order`

async function escrowAccount(trx: Trx, orderId: number, buyerId: number): Promise<AccountRef> {
  const code = escrowCode(orderId)
  return (await accountsByCode(trx, [code], { [code]: buyerId })).get(code)!
}

async function purchaseAccount(trx: Trx): Promise<AccountRef> {
  return (await accountsByCode(trx, [platformAccounts.purchase])).get(platformAccounts.purchase)!
}

/** An order and its shop, named on every transfer that concerns them. */
export interface OrderRef {
  orderId: number
  shopId: number
}

/**
 * Pays an order from the buyer's wallet into the order's escrow, inside the caller's
 * transaction (SPEC §3 Wallet; the order is marked paid in the same transaction). Nothing
 * moves when a coupon left nothing to pay (the account checks still apply).
 * @throws 'Insufficient balance' | 'Account is locked' | 'Money Status is locked'
 */
export async function payIntoEscrow(trx: Trx, buyerId: number, order: OrderRef, amountCents: number): Promise<void> {
  await assertMoneyAllowed(trx, buyerId)
  if (amountCents === 0) return
  const { available } = await userAccounts(trx, buyerId)
  await transfer(trx, {
    debit: available,
    credit: await escrowAccount(trx, order.orderId, buyerId),
    amountCents,
    kind: 'order_payment',
    referenceType: 'order',
    referenceId: order.orderId,
    ...order,
  })
}

/**
 * Returns part of an order's escrow to the buyer (an agreed refund).
 * @throws 'Insufficient balance' when the escrow holds less (never, if the caller checked the line)
 */
export async function refundFromEscrow(trx: Trx, buyerId: number, order: OrderRef, amountCents: number, refundId: number): Promise<void> {
  const { available } = await userAccounts(trx, buyerId)
  await transfer(trx, {
    debit: await escrowAccount(trx, order.orderId, buyerId),
    credit: available,
    amountCents,
    kind: 'order_refund',
    referenceType: 'refund',
    referenceId: refundId,
    ...order,
  })
}

async function marketingAccount(trx: Trx): Promise<AccountRef> {
  return (await accountsByCode(trx, [platformAccounts.marketing])).get(platformAccounts.marketing)!
}

/**
 * The platform pays its coupon's value into the order's escrow when the order is paid
 * (ARCHITECTURE.md money flows: marketing → escrow), so the shop is settled as if the buyer
 * had paid the whole price. Marketing is a platform account: it may go below zero.
 */
export async function payCouponIntoEscrow(trx: Trx, buyerId: number, order: OrderRef, amountCents: number): Promise<void> {
  if (amountCents <= 0) return
  await transfer(trx, {
    debit: await marketingAccount(trx),
    credit: await escrowAccount(trx, order.orderId, buyerId),
    amountCents,
    kind: 'order_coupon',
    referenceType: 'order',
    referenceId: order.orderId,
    ...order,
  })
}

/**
 * Gives the platform back its coupon's share of refunded units (escrow → marketing), so a
 * refund never turns coupon money into the buyer's cash.
 * @throws 'Insufficient balance' when the escrow holds less (never, if the caller computed the share)
 */
export async function returnCouponFromEscrow(
  trx: Trx,
  buyerId: number,
  order: OrderRef,
  amountCents: number,
  refundId: number,
): Promise<void> {
  if (amountCents <= 0) return
  await transfer(trx, {
    debit: await escrowAccount(trx, order.orderId, buyerId),
    credit: await marketingAccount(trx),
    amountCents,
    kind: 'coupon_return',
    referenceType: 'refund',
    referenceId: refundId,
    ...order,
  })
}

/** What an order's escrow holds now, in cents. */
export async function escrowBalance(trx: Trx, buyerId: number, orderId: number): Promise<number> {
  return balanceOf(trx, await escrowAccount(trx, orderId, buyerId))
}

/**
 * Settles an order (ARCHITECTURE.md money flows: after-sales window closed, no open
 * refund): what is left in its escrow moves to the merchant's available (withdrawable)
 * balance. Nothing moves when refunds emptied it.
 * @returns the settled amount in cents
 */
export async function settleEscrowToMerchant(trx: Trx, buyerId: number, order: OrderRef, merchantUserId: number): Promise<number> {
  const escrow = await escrowAccount(trx, order.orderId, buyerId)
  const remainingCents = await balanceOf(trx, escrow)
  if (remainingCents <= 0) return 0
  const { available } = await userAccounts(trx, merchantUserId)
  await transfer(trx, {
    debit: escrow,
    credit: available,
    amountCents: remainingCents,
    kind: 'order_settlement',
    referenceType: 'order',
    referenceId: order.orderId,
    ...order,
  })
  return remainingCents
}

/**
 * The merchant pays the purchase price of the units it ships (ARCHITECTURE.md money flows:
 * merchant available → platform purchase), inside the shipping transaction. A frozen wallet
 * or locked account cannot pay.
 * @throws 'Insufficient balance' | 'Account is locked' | 'Money Status is locked'
 */
export async function payPurchase(trx: Trx, merchantUserId: number, order: OrderRef, amountCents: number): Promise<void> {
  if (amountCents <= 0) return
  await assertMoneyAllowed(trx, merchantUserId)
  const { available } = await userAccounts(trx, merchantUserId)
  await transfer(trx, {
    debit: available,
    credit: await purchaseAccount(trx),
    amountCents,
    kind: 'purchase_payment',
    referenceType: 'order',
    referenceId: order.orderId,
    ...order,
  })
}

/** Returns the purchase price of refunded units that never shipped (platform purchase → merchant available). */
export async function returnPurchase(
  trx: Trx,
  merchantUserId: number,
  order: OrderRef,
  amountCents: number,
  refundId: number,
): Promise<void> {
  if (amountCents <= 0) return
  const { available } = await userAccounts(trx, merchantUserId)
  await transfer(trx, {
    debit: await purchaseAccount(trx),
    credit: available,
    amountCents,
    kind: 'purchase_return',
    referenceType: 'refund',
    referenceId: refundId,
    ...order,
  })
}
