import type { Trx } from '../../db/database.ts'
import { assertMoneyAllowed } from '../auth/service.ts'
import { type AccountRef, accountsByCode, balanceOf, platformAccounts, transfer, userAccountCode, userAccounts } from './ledger.ts'
import { postTransfers } from './ledger-batch.ts'

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
 * Opens the escrow accounts of new orders, one per order (ARCHITECTURE.md money flows), inside
 * the checkout's transaction: one statement for any number of orders, so that paying them
 * moves every balance in one conditional update (`payOrdersIntoEscrow`).
 */
export async function openEscrows(trx: Trx, buyerId: number, orderIds: number[]): Promise<void> {
  if (orderIds.length === 0) return
  const nowMs = Date.now()
  await trx
    .insertInto('ledger_accounts')
    .values(
      orderIds.map((orderId) => ({
        code: escrowCode(orderId),
        kind: 'escrow_order',
        owner_user_id: buyerId,
        is_platform: 0,
        created_at_ms: nowMs,
      })),
    )
    .onConflict((oc) => oc.column('code').doNothing())
    .execute()
}

/** What paying one order moves: the buyer's money, and a platform coupon's value. */
export interface OrderPayment extends OrderRef {
  /** Integer cents from the buyer's available balance: goods + freight − coupon (0 moves nothing). */
  buyerCents: number
  /** Integer cents from the platform's marketing account when the coupon is the platform's (else 0). */
  platformCouponCents: number
}

/**
 * Pays orders from the buyer's wallet into their escrows, inside the caller's transaction
 * (SPEC §3 Wallet; the orders are marked paid in the same transaction), in two statements
 * for any number of orders (`postTransfers`): the buyer's balance and the escrows' in one
 * conditional update, then the transfers in one insert. A platform coupon's value comes from
 * marketing into the same escrow (ARCHITECTURE.md money flows), so the shop is settled as if
 * there were no coupon. The escrows were opened with their orders (`openEscrows`). The caller
 * checks that the buyer's account and wallet are not locked (the payment password's entry
 * returns both).
 * @param payments in shop order, so concurrent payments take the shops' rollup rows in one order
 * @throws 'Insufficient balance'
 */
export async function payOrdersIntoEscrow(trx: Trx, buyerId: number, payments: OrderPayment[]): Promise<void> {
  const available = userAccountCode(buyerId, 'available')
  await postTransfers(
    trx,
    payments.flatMap((p) => {
      const ref = { referenceType: 'order', referenceId: p.orderId, orderId: p.orderId, shopId: p.shopId }
      const escrow = escrowCode(p.orderId)
      return [
        ...(p.buyerCents > 0
          ? [{ debitCode: available, creditCode: escrow, amountCents: p.buyerCents, kind: 'order_payment' as const, ...ref }]
          : []),
        ...(p.platformCouponCents > 0
          ? [
              {
                debitCode: platformAccounts.marketing,
                creditCode: escrow,
                amountCents: p.platformCouponCents,
                kind: 'order_coupon' as const,
                ...ref,
              },
            ]
          : []),
      ]
    }),
  )
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
