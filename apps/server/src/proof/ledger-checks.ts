import type { Db } from '../db/database.ts'
import { auditBalances, balanceOf, platformAccounts, trialBalance, userAccountCode } from '../modules/wallet/ledger.ts'
import type { LoadModel } from './load-model.ts'
import { bondFundsCents, type LoadWorld } from './world.ts'

/**
 * One consistent view of the ledger while the load runs: the sum over all accounts and the
 * kept balances below zero. PostgreSQL reads it in one REPEATABLE READ transaction (one
 * snapshot for every query); SQLite in one transaction, which its single writer makes a
 * moment between two others.
 */
export async function ledgerSnapshot(db: Db): Promise<{ totalCents: number; negative: string[] }> {
  const read = async (trx: Db['kysely']) => {
    const { totalCents } = await trialBalance(trx)
    const negative = await trx
      .selectFrom('ledger_accounts')
      .select('code')
      .where('is_platform', '=', 0)
      .where('balance_cents', '<', 0)
      .execute()
    return { totalCents, negative: negative.map((r) => r.code) }
  }
  const trx = db.kysely.transaction()
  return db.dialect === 'postgres' ? trx.setIsolationLevel('repeatable read').execute(read) : trx.execute(read)
}

/** The checks after the load, as figures: each list empty and the total zero when the ledger held. */
export interface LedgerVerdict {
  trialBalanceCents: number
  /** Kept balances that differ from the replay of their transfers. */
  replayMismatches: string[]
  /** Kept balances below zero. */
  negativeBalances: string[]
  /** Buyers', bond merchants' (wallet and bond) and marketing's balances that differ from the in-test model (code: stored vs model). */
  modelMismatches: string[]
  /** Paid orders whose escrow holds other than total + platform coupon less refunded and coupon returned, or settled orders still holding money. */
  escrowMismatches: string[]
  /** Order lines refunded beyond what was paid for them (cents or units), or whose refunds' transfers sum to more than the line records. */
  overRefunds: string[]
  buyersChecked: number
  ordersChecked: number
  /** How many transfers of each kind the load made (order_settlement: the sweep's settlements…). */
  transfersByKind: Record<string, number>
}

/**
 * Compares the stored ledger with its replay and with the model: a buyer's available balance
 * must be approved recharges − withdrawals asked + withdrawals returned − payments + what
 * their orders record as refunded; held must be withdrawals asked − returned − paid out.
 */
export async function verifyLedger(db: Db, world: LoadWorld, model: LoadModel): Promise<LedgerVerdict> {
  const k = db.kysely
  const { totalCents } = await trialBalance(k)
  const replayMismatches = await auditBalances(k)
  const negative = await k
    .selectFrom('ledger_accounts')
    .select('code')
    .where('is_platform', '=', 0)
    .where('balance_cents', '<', 0)
    .execute()
  const balances = new Map(
    (await k.selectFrom('ledger_accounts').select(['code', 'balance_cents']).where('is_platform', '=', 0).execute()).map((r) => [
      r.code,
      Number(r.balance_cents),
    ]),
  )
  const orders = await k
    .selectFrom('orders')
    .select(['id', 'user_id', 'status', 'total_cents', 'refunded_cents', 'coupon_cents', 'coupon_issuer'])
    .execute()
  // The platform coupon's shares of succeeded refunds went back from escrow to marketing.
  const couponReturns = await k
    .selectFrom('refunds')
    .select((eb) => ['order_id', eb.fn.sum<number>('coupon_return_cents').as('cents')])
    .where('status', '=', 'succeeded')
    .groupBy('order_id')
    .execute()
  const couponReturnedByOrder = new Map(couponReturns.map((r) => [r.order_id, Number(r.cents)]))
  const refundedByUser = new Map<number, number>()
  for (const o of orders) refundedByUser.set(o.user_id, (refundedByUser.get(o.user_id) ?? 0) + Number(o.refunded_cents))
  const modelMismatches: string[] = []
  for (const [n, buyer] of world.buyers.entries()) {
    const get = (m: Map<number, number>) => m.get(n) ?? 0
    const available =
      get(model.recharged) -
      get(model.withdrawn) +
      get(model.withdrawalReturned) -
      get(model.paid) +
      (refundedByUser.get(buyer.userId) ?? 0)
    const held = get(model.withdrawn) - get(model.withdrawalReturned) - get(model.withdrawalPaidOut)
    for (const [kind, expected] of [
      ['available', available],
      ['held', held],
    ] as const) {
      const code = userAccountCode(buyer.userId, kind)
      const stored = balances.get(code) ?? 0
      if (stored !== expected) modelMismatches.push(`${code}: stored ${stored}, model ${expected}`)
    }
  }
  // Bond merchants have no orders: their wallet moves only by answered upgrades and approved returns.
  for (const [m, merchant] of world.bondMerchants.entries()) {
    const paid = model.bondPaid.get(m) ?? 0
    const returned = model.bondReturned.get(m) ?? 0
    for (const [code, expected] of [
      [userAccountCode(merchant.userId, 'available'), bondFundsCents - paid + returned],
      [`shop:${merchant.shopId}:bond`, paid - returned],
    ] as const) {
      const stored = balances.get(code) ?? 0
      if (stored !== expected) modelMismatches.push(`${code}: stored ${stored}, model ${expected}`)
    }
  }
  // Marketing paid every answered coupon payment into escrow and got back the refunds' coupon shares.
  const marketing = await k
    .selectFrom('ledger_accounts')
    .select('id')
    .where('code', '=', platformAccounts.marketing)
    .executeTakeFirstOrThrow()
  const marketingCents = (await balanceOf(k, { id: marketing.id, isPlatform: true })) - world.marketingStartCents
  const couponsPaidCents = [...model.paidAtMs.keys()].reduce((sum, id) => sum + (model.orders.get(id)?.couponCents ?? 0), 0)
  const couponsReturnedCents = [...couponReturnedByOrder.values()].reduce((a, b) => a + b, 0)
  if (marketingCents !== couponsReturnedCents - couponsPaidCents)
    modelMismatches.push(`${platformAccounts.marketing}: moved ${marketingCents}, model ${couponsReturnedCents - couponsPaidCents}`)
  const escrowMismatches: string[] = []
  for (const o of orders) {
    const held = balances.get(`escrow:${o.id}:order`) ?? 0
    const platformCents = o.coupon_issuer === 'platform' ? Number(o.coupon_cents) : 0
    const expected = ['to_ship', 'to_receive', 'to_review'].includes(o.status)
      ? Number(o.total_cents) + platformCents - Number(o.refunded_cents) - (couponReturnedByOrder.get(o.id) ?? 0)
      : 0
    if (held !== expected) escrowMismatches.push(`order ${o.id} (${o.status}): escrow ${held}, expected ${expected}`)
  }
  // No refund ever exceeds the net paid: per line, by the line's record and by the refunds the cases moved.
  const lines = await k
    .selectFrom('order_lines')
    .select(['id', 'quantity', 'net_paid_cents', 'refunded_quantity', 'refunded_cents'])
    .execute()
  const refundedByLine = await k
    .selectFrom('refunds')
    .select((eb) => ['order_line_id', eb.fn.sum<number>('amount_cents').as('cents')])
    .where('status', '=', 'succeeded')
    .groupBy('order_line_id')
    .execute()
  const casesByLine = new Map(refundedByLine.map((r) => [r.order_line_id, Number(r.cents)]))
  const overRefunds: string[] = []
  for (const l of lines) {
    const paid = Number(l.net_paid_cents)
    const refunded = Number(l.refunded_cents)
    if (refunded > paid || Number(l.refunded_quantity) > Number(l.quantity) || (casesByLine.get(l.id) ?? 0) > paid)
      overRefunds.push(
        `line ${l.id}: paid ${paid}, refunded ${refunded} (cases ${casesByLine.get(l.id) ?? 0}), units ${l.refunded_quantity}/${l.quantity}`,
      )
  }
  const kinds = await k
    .selectFrom('ledger_transfers')
    .select((eb) => ['kind', eb.fn.countAll<number>().as('n')])
    .groupBy('kind')
    .execute()
  return {
    transfersByKind: Object.fromEntries(kinds.map((r) => [r.kind, Number(r.n)])),
    trialBalanceCents: totalCents,
    replayMismatches,
    negativeBalances: negative.map((r) => r.code),
    modelMismatches,
    escrowMismatches,
    overRefunds,
    buyersChecked: world.buyers.length,
    ordersChecked: orders.length,
  }
}
