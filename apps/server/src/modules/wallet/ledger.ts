import { type LedgerReferenceType, ledgerAccountKinds, type TransferKind } from '@bazaar/contract/wallet-values'
import { sql } from 'kysely'
import type { Trx } from '../../db/database.ts'
import { preparedStatement } from '../../db/prepared.ts'
import { AppError } from '../../platform/errors.ts'

/**
 * The named platform accounts; only these may go below zero (ARCHITECTURE.md, two guards).
 * `marketing` pays platform coupons into escrow and gets their shares back on refunds: its
 * balance is minus what the platform has spent on its coupons.
 */
export const platformAccounts = {
  custody: 'platform:custody',
  fees: 'platform:fees',
  purchase: 'platform:purchase',
  marketing: 'platform:marketing',
} as const

/** Codes of a user's wallet accounts: spendable balance, and money held for pending withdrawals. */
export const userAccountCode = (userId: number, kind: 'available' | 'held') => `user:${userId}:${kind}`

/** Transfer kinds (the contract's `transferKinds`), read back into the wallet records users see. */
export type { TransferKind }

/** An owned account's kind from its code: 'user:12:available' → 'user_available'. */
const accountKindOf = (code: string) => code.replace(/:\d+:/, '_')
const kindKnown = (kind: string) => (ledgerAccountKinds as readonly string[]).includes(kind)

/** A ledger account row's id and whether it keeps a balance row. */
export interface AccountRef {
  id: number
  isPlatform: boolean
}

/**
 * Returns the ids of accounts by code, creating user accounts on first use (insert that
 * ignores a concurrent twin, then read).
 * @param owners code → owner user id, for accounts that may need creating
 */
export async function accountsByCode(trx: Trx, codes: string[], owners: Record<string, number> = {}): Promise<Map<string, AccountRef>> {
  const missing = (rows: { code: string }[]) => codes.filter((c) => !rows.some((r) => r.code === c))
  const read = () => trx.selectFrom('ledger_accounts').select(['id', 'code', 'is_platform']).where('code', 'in', codes).execute()
  let rows = await read()
  const toCreate = missing(rows).filter((c) => owners[c] !== undefined)
  // Every kind is in the contract's list, which the console labels (bundle tests).
  for (const code of toCreate) if (!kindKnown(accountKindOf(code))) throw new Error(`ledger account kind not in the contract: ${code}`)
  if (toCreate.length > 0) {
    const nowMs = Date.now()
    await trx
      .insertInto('ledger_accounts')
      .values(
        toCreate.map((code) => ({
          code,
          kind: accountKindOf(code),
          owner_user_id: owners[code] ?? null,
          is_platform: 0,
          created_at_ms: nowMs,
        })),
      )
      .onConflict((oc) => oc.column('code').doNothing())
      .execute()
    rows = await read()
  }
  if (missing(rows).length > 0) throw new Error(`ledger accounts missing: ${missing(rows).join(', ')}`)
  return new Map(rows.map((r) => [r.code, { id: r.id, isPlatform: r.is_platform === 1 }]))
}

/** A user's available and held accounts, created on first use. */
export async function userAccounts(trx: Trx, userId: number): Promise<{ available: AccountRef; held: AccountRef }> {
  const available = userAccountCode(userId, 'available')
  const held = userAccountCode(userId, 'held')
  const map = await accountsByCode(trx, [available, held], { [available]: userId, [held]: userId })
  return { available: map.get(available)!, held: map.get(held)! }
}

/**
 * Moves `amountCents` from one account to another inside the caller's transaction and
 * records the transfer (append-only). The debit of a non-platform account is a conditional
 * update whose row count decides: race-free on SQLite and PostgreSQL, and the CHECK
 * (balance >= 0) is the second guard. Platform accounts keep no balance row. The two rows are
 * updated lower id first, so opposite transfers between two accounts never deadlock. A transfer
 * that names its shop is added to the shop's day (`shop_ledger_days`) by the transfers table's
 * trigger (migration 021), in the statement that inserts it, after both account rows.
 * @throws 'Insufficient balance' when the debited account holds less than the amount
 */
export async function transfer(
  trx: Trx,
  t: {
    debit: AccountRef
    credit: AccountRef
    amountCents: number
    kind: TransferKind
    referenceType: LedgerReferenceType
    referenceId: number
    /** The shop and order the money concerns, when it does (merchant figures, order timelines). */
    shopId?: number
    orderId?: number
  },
): Promise<number> {
  if (!Number.isSafeInteger(t.amountCents) || t.amountCents <= 0)
    throw new Error(`transfer amount must be a positive integer of cents: ${t.amountCents}`)
  const debit = async () => {
    if (t.debit.isPlatform) return
    const debited = await debitAccount(trx, { accountId: t.debit.id, amountCents: t.amountCents })
    if (Number(debited.numAffectedRows) !== 1) throw new AppError('Insufficient balance')
  }
  const credit = async () => {
    if (t.credit.isPlatform) return
    await creditAccount(trx, { accountId: t.credit.id, amountCents: t.amountCents })
  }
  if (t.credit.id < t.debit.id) {
    await credit()
    await debit()
  } else {
    await debit()
    await credit()
  }
  const inserted = await insertTransfer(trx, {
    debitAccountId: t.debit.id,
    creditAccountId: t.credit.id,
    amountCents: t.amountCents,
    kind: t.kind,
    referenceType: t.referenceType,
    referenceId: t.referenceId,
    shopId: t.shopId ?? null,
    orderId: t.orderId ?? null,
    createdAtMs: Date.now(),
  })
  const row = inserted.rows[0]
  if (!row) throw new Error('ledger transfer not inserted')
  return row.id
}

// The statements of every transfer, compiled once (db/prepared.ts): a payment runs several transfers.

const debitAccount = preparedStatement((db, p: { accountId: number; amountCents: number }) =>
  db
    .updateTable('ledger_accounts')
    .set((eb) => ({ balance_cents: eb('balance_cents', '-', p.amountCents) }))
    .where('id', '=', p.accountId)
    .where('balance_cents', '>=', p.amountCents),
)

const creditAccount = preparedStatement((db, p: { accountId: number; amountCents: number }) =>
  db
    .updateTable('ledger_accounts')
    .set((eb) => ({ balance_cents: eb('balance_cents', '+', p.amountCents) }))
    .where('id', '=', p.accountId),
)

const insertTransfer = preparedStatement(
  (
    db,
    p: {
      debitAccountId: number
      creditAccountId: number
      amountCents: number
      kind: TransferKind
      referenceType: string
      referenceId: number
      shopId: number | null
      orderId: number | null
      createdAtMs: number
    },
  ) =>
    db
      .insertInto('ledger_transfers')
      .values({
        debit_account_id: p.debitAccountId,
        credit_account_id: p.creditAccountId,
        amount_cents: p.amountCents,
        kind: p.kind,
        reference_type: p.referenceType,
        reference_id: p.referenceId,
        shop_id: p.shopId,
        order_id: p.orderId,
        created_at_ms: p.createdAtMs,
      })
      .returning('id'),
)

/** Balance of one account: its row for user accounts, the sum of its transfers for platform ones. */
export async function balanceOf(trx: Trx, account: AccountRef): Promise<number> {
  if (!account.isPlatform) {
    const row = await trx.selectFrom('ledger_accounts').select('balance_cents').where('id', '=', account.id).executeTakeFirstOrThrow()
    return Number(row.balance_cents)
  }
  const row = await sql<{ balance: number | string | null }>`
    select coalesce((select sum(amount_cents) from ledger_transfers where credit_account_id = ${account.id}), 0)
         - coalesce((select sum(amount_cents) from ledger_transfers where debit_account_id = ${account.id}), 0) as balance`.execute(trx)
  return Number(row.rows[0]?.balance ?? 0)
}

/**
 * The trial balance (operators' ledger view): balances summed by account kind, platform
 * accounts derived from their transfers, and the grand total, which double entry keeps at
 * exactly zero.
 */
export async function trialBalance(trx: Trx) {
  const kept = await trx
    .selectFrom('ledger_accounts')
    .select((eb) => ['kind', eb.fn.countAll<number>().as('accounts'), eb.fn.sum<number>('balance_cents').as('balance')])
    .where('is_platform', '=', 0)
    .groupBy('kind')
    .orderBy('kind')
    .execute()
  const platform = await trx.selectFrom('ledger_accounts').select(['id', 'kind']).where('is_platform', '=', 1).orderBy('id').execute()
  const byKind = [
    ...(await Promise.all(
      platform.map(async (p) => ({ kind: p.kind, accounts: 1, balanceCents: await balanceOf(trx, { id: p.id, isPlatform: true }) })),
    )),
    ...kept.map((k) => ({ kind: k.kind, accounts: Number(k.accounts), balanceCents: Number(k.balance ?? 0) })),
  ]
  return { byKind, totalCents: byKind.reduce((sum, k) => sum + k.balanceCents, 0) }
}

/**
 * Audits every kept balance row against the sum of its transfers; returns the codes that
 * disagree (a row changed outside `transfer`). A full scan: for tests and operators' checks.
 */
export async function auditBalances(trx: Trx): Promise<string[]> {
  const { rows } = await sql<{ code: string; balance_cents: number | string; derived: number | string }>`
    select a.code, a.balance_cents,
      coalesce((select sum(amount_cents) from ledger_transfers t where t.credit_account_id = a.id), 0)
      - coalesce((select sum(amount_cents) from ledger_transfers t where t.debit_account_id = a.id), 0) as derived
    from ledger_accounts a where a.is_platform = 0`.execute(trx)
  return rows.filter((r) => Number(r.balance_cents) !== Number(r.derived)).map((r) => r.code)
}
