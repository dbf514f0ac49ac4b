import { dayMs } from '@bazaar/contract/merchant-values'
import { sql } from 'kysely'
import type { Trx } from '../../db/database.ts'
import { assertMoneyAllowed } from '../auth/service.ts'
import { type AccountRef, accountsByCode, type TransferKind, transfer, userAccountCode, userAccounts } from './ledger.ts'

/**
 * The merchant's side of the ledger (ARCHITECTURE.md money flows): the shop's bond account
 * and the sums of transfers that merchant figures are made of. Every function takes the
 * caller's transaction; none begins one.
 */

/** A shop's bond account: non-platform, owned by the merchant, CHECK (balance >= 0). */
const bondCode = (shopId: number) => `shop:${shopId}:bond`

/** Opens (or finds) a shop's bond account, owned by its merchant; called when the shop opens. */
export async function openBondAccount(trx: Trx, shopId: number, ownerUserId: number): Promise<AccountRef> {
  const code = bondCode(shopId)
  return (await accountsByCode(trx, [code], { [code]: ownerUserId })).get(code)!
}

/** The bonds of shops in cents (0 for a shop without a bond account yet). */
export async function bondBalances(trx: Trx, shopIds: number[]): Promise<Map<number, number>> {
  const out = new Map(shopIds.map((id) => [id, 0]))
  if (shopIds.length === 0) return out
  const rows = await trx
    .selectFrom('ledger_accounts')
    .select(['code', 'balance_cents'])
    .where(
      'code',
      'in',
      shopIds.map((id) => bondCode(id)),
    )
    .execute()
  for (const r of rows) out.set(Number(r.code.split(':')[1]), Number(r.balance_cents))
  return out
}

/**
 * Pays a level upgrade into the shop's bond (merchant available → bond).
 * @throws 'Insufficient balance' | 'Account is locked' | 'Money Status is locked'
 */
export async function payBond(trx: Trx, ownerUserId: number, shopId: number, amountCents: number, requestId: number): Promise<void> {
  await assertMoneyAllowed(trx, ownerUserId)
  const { available } = await userAccounts(trx, ownerUserId)
  await transfer(trx, {
    debit: available,
    credit: await openBondAccount(trx, shopId, ownerUserId),
    amountCents,
    kind: 'bond_upgrade',
    referenceType: 'bond_request',
    referenceId: requestId,
    shopId,
  })
}

/**
 * Returns bond money to the merchant's wallet (an approved lower-level or refund request:
 * bond → merchant available).
 * @throws 'Insufficient balance' when the bond holds less (the caller computed it from the balance)
 */
export async function returnBond(trx: Trx, ownerUserId: number, shopId: number, amountCents: number, requestId: number): Promise<void> {
  const { available } = await userAccounts(trx, ownerUserId)
  await transfer(trx, {
    debit: await openBondAccount(trx, shopId, ownerUserId),
    credit: available,
    amountCents,
    kind: 'bond_return',
    referenceType: 'bond_request',
    referenceId: requestId,
    shopId,
  })
}

/** An order's money by transfer kind, in cents. */
export interface OrderMoney {
  paidCents: number
  refundedCents: number
  purchasePaidCents: number
  purchaseReturnedCents: number
  settledCents: number
  couponCents: number
  couponReturnedCents: number
}
const emptyMoney = (): OrderMoney => ({
  paidCents: 0,
  refundedCents: 0,
  purchasePaidCents: 0,
  purchaseReturnedCents: 0,
  settledCents: 0,
  couponCents: 0,
  couponReturnedCents: 0,
})
const moneyField: Partial<Record<string, keyof OrderMoney>> = {
  order_payment: 'paidCents',
  order_refund: 'refundedCents',
  purchase_payment: 'purchasePaidCents',
  purchase_return: 'purchaseReturnedCents',
  order_settlement: 'settledCents',
  order_coupon: 'couponCents',
  coupon_return: 'couponReturnedCents',
}

/** Sums of each order's transfers by kind (one statement whatever the count). */
export async function orderMoney(trx: Trx, orderIds: number[]): Promise<Map<number, OrderMoney>> {
  const out = new Map(orderIds.map((id) => [id, emptyMoney()]))
  if (orderIds.length === 0) return out
  const rows = await trx
    .selectFrom('ledger_transfers')
    .select((eb) => ['order_id', 'kind', eb.fn.sum<number>('amount_cents').as('cents')])
    .where('order_id', 'in', orderIds)
    .groupBy(['order_id', 'kind'])
    .execute()
  for (const r of rows) {
    const field = moneyField[r.kind]
    const money = r.order_id === null ? undefined : out.get(r.order_id)
    if (field && money) money[field] += Number(r.cents)
  }
  return out
}

/** An order's transfers in time order, for its money timeline. */
export async function orderTransfers(trx: Trx, orderId: number): Promise<{ kind: TransferKind; amountCents: number; atMs: number }[]> {
  const rows = await trx
    .selectFrom('ledger_transfers')
    .select(['kind', 'amount_cents', 'created_at_ms'])
    .where('order_id', '=', orderId)
    .orderBy('id')
    .execute()
  return rows.map((r) => ({ kind: r.kind as TransferKind, amountCents: Number(r.amount_cents), atMs: Number(r.created_at_ms) }))
}

/** Sums by transfer kind: all time, today (UTC), and per UTC day since `sinceMs`. */
export interface KindSums {
  total: Map<string, number>
  today: Map<string, number>
  byDay: Map<number, Map<string, number>>
}

/** The whole platform's transfers summed by kind (the console's overview). */
export async function platformKindSums(trx: Trx, nowMs: number, sinceMs: number): Promise<KindSums> {
  const todayStartMs = Math.floor(nowMs / dayMs) * dayMs
  const { rows } = await sql<{ kind: string; total: number | string; today: number | string }>`
    select kind, sum(amount_cents) as total, sum(case when created_at_ms >= ${todayStartMs} then amount_cents else 0 end) as today
    from ledger_transfers group by kind`.execute(trx)
  const days = await sql<{ kind: string; day: number | string; cents: number | string }>`
    select kind, cast(created_at_ms / ${sql.lit(dayMs)} as integer) as day, sum(amount_cents) as cents
    from ledger_transfers where created_at_ms >= ${sinceMs} group by kind, cast(created_at_ms / ${sql.lit(dayMs)} as integer)`.execute(trx)
  const byDay = new Map<number, Map<string, number>>()
  for (const r of days.rows) {
    const day = Number(r.day)
    const sums = byDay.get(day) ?? new Map<string, number>()
    sums.set(r.kind, Number(r.cents))
    byDay.set(day, sums)
  }
  return {
    total: new Map(rows.map((r) => [r.kind, Number(r.total)])),
    today: new Map(rows.map((r) => [r.kind, Number(r.today)])),
    byDay,
  }
}

/**
 * A shop's transfers summed by kind (ARCHITECTURE.md: merchant figures are sums over
 * transfers), all time, today and per day since `sinceMs`.
 */
export async function shopKindSums(trx: Trx, shopId: number, nowMs: number, sinceMs: number): Promise<KindSums> {
  // From the shop's daily rollup (written by transfer()): one row per day and kind, however many
  // transfers; one statement: the all-time sums (as day -1) beside the days since `sinceMs`.
  const todayDay = Math.floor(nowMs / dayMs)
  const sinceDay = Math.floor(sinceMs / dayMs)
  const { rows } = await sql<{ day: number | string; kind: string; cents: number | string }>`
    select -1 as day, kind, sum(amount_cents) as cents from shop_ledger_days where shop_id = ${shopId} group by kind
    union all
    select day, kind, amount_cents as cents from shop_ledger_days where shop_id = ${shopId} and day >= ${sinceDay}`.execute(trx)
  const total = new Map<string, number>()
  const byDay = new Map<number, Map<string, number>>()
  for (const r of rows) {
    const day = Number(r.day)
    if (day === -1) {
      total.set(r.kind, Number(r.cents))
      continue
    }
    const sums = byDay.get(day) ?? new Map<string, number>()
    sums.set(r.kind, Number(r.cents))
    byDay.set(day, sums)
  }
  return { total, today: byDay.get(todayDay) ?? new Map(), byDay }
}

/**
 * A merchant's available and held balances and its shop's bond, in cents (0 for an account
 * not opened yet): the dashboard's account figures in one statement, which creates nothing.
 */
export async function merchantDashboardBalances(
  trx: Trx,
  userId: number,
  shopId: number,
): Promise<{ availableCents: number; heldCents: number; bondCents: number }> {
  const codes = { available: userAccountCode(userId, 'available'), held: userAccountCode(userId, 'held'), bond: bondCode(shopId) }
  const rows = await trx.selectFrom('ledger_accounts').select(['code', 'balance_cents']).where('code', 'in', Object.values(codes)).execute()
  const of = (code: string) => Number(rows.find((r) => r.code === code)?.balance_cents ?? 0)
  return { availableCents: of(codes.available), heldCents: of(codes.held), bondCents: of(codes.bond) }
}

/** A merchant's available and held balances, in cents (0 before the first transfer); one statement, creates nothing. */
export async function merchantBalances(trx: Trx, userId: number): Promise<{ availableCents: number; heldCents: number }> {
  const codes = { available: userAccountCode(userId, 'available'), held: userAccountCode(userId, 'held') }
  const rows = await trx
    .selectFrom('ledger_accounts')
    .select(['code', 'balance_cents'])
    .where('code', 'in', [codes.available, codes.held])
    .execute()
  const of = (code: string) => Number(rows.find((r) => r.code === code)?.balance_cents ?? 0)
  return { availableCents: of(codes.available), heldCents: of(codes.held) }
}
