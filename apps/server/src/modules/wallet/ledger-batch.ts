import { type Expression, type SqlBool, sql } from 'kysely'
import type { Trx } from '../../db/database.ts'
import { AppError } from '../../platform/errors.ts'
import { platformAccounts, type TransferKind } from './ledger.ts'

/** A transfer between two accounts named by code (`user:7:available`, `escrow:12:order`, `platform:marketing`). */
export interface CodedTransfer {
  debitCode: string
  creditCode: string
  /** Integer cents, positive. */
  amountCents: number
  kind: TransferKind
  referenceType: string
  referenceId: number
  /** The shop and order the money concerns, when it does (merchant figures, order timelines). */
  shopId?: number
  orderId?: number
}

const platformCodes = new Set<string>(Object.values(platformAccounts))

/**
 * Posts several transfers inside the caller's transaction in two statements, whatever their
 * number (ARCHITECTURE.md, Ledger; the set-based sibling of `transfer()`, for a payment of
 * many orders):
 * 1. one UPDATE of every kept balance the transfers change, by each account's net change:
 *    credited accounts unconditionally, each debited one only where its balance covers the
 *    debit (`balance_cents >= x`, the conditional debit), and the number of rows it changed
 *    decides: one short means a debit was refused, and nothing of it stays (the caller's
 *    transaction rolls back); the CHECK (balance >= 0) is the second guard. Platform accounts
 *    keep no balance row and are not in it;
 * 2. one multi-row INSERT of the transfers (the transfers table's trigger adds those that
 *    name a shop to its day, `shop_ledger_days`).
 * Every account must exist (a user's available account is made by its first credit; an
 * order's escrow is opened with the order). Transfers are inserted in the given order: a
 * caller that names several shops lists them by shop id, so concurrent postings take the
 * shops' rollup rows in one order.
 * @throws 'Insufficient balance' when a debited account holds less than its net debit (or has
 *   no account yet: nothing to spend)
 */
export async function postTransfers(trx: Trx, transfers: CodedTransfer[]): Promise<void> {
  if (transfers.length === 0) return
  const change = new Map<string, number>()
  for (const t of transfers) {
    if (!Number.isSafeInteger(t.amountCents) || t.amountCents <= 0)
      throw new Error(`transfer amount must be a positive integer of cents: ${t.amountCents}`)
    if (t.debitCode === t.creditCode) throw new Error(`transfer from an account to itself: ${t.debitCode}`)
    if (!platformCodes.has(t.debitCode)) change.set(t.debitCode, (change.get(t.debitCode) ?? 0) - t.amountCents)
    if (!platformCodes.has(t.creditCode)) change.set(t.creditCode, (change.get(t.creditCode) ?? 0) + t.amountCents)
  }
  const moved = [...change].filter(([, cents]) => cents !== 0)
  const ids = new Map<string, number>()
  if (moved.length > 0) {
    const rows = await trx
      .updateTable('ledger_accounts')
      .set((eb) => ({
        balance_cents: eb(
          'balance_cents',
          '+',
          sql<number>`case code ${sql.join(
            moved.map(([code, cents]) => sql`when ${code} then cast(${cents} as bigint)`),
            sql` `,
          )} end`,
        ),
      }))
      .where((eb) => {
        const credited = moved.filter(([, cents]) => cents > 0).map(([code]) => code)
        const debits: Expression<SqlBool>[] = moved
          .filter(([, cents]) => cents < 0)
          .map(([code, cents]) => eb.and([eb('code', '=', code), eb('balance_cents', '>=', -cents)]))
        return eb.or(credited.length > 0 ? [eb('code', 'in', credited), ...debits] : debits)
      })
      .returning(['id', 'code'])
      .execute()
    for (const r of rows) ids.set(r.code, r.id)
    if (rows.length !== moved.length) {
      const missingCredit = moved.filter(([code, cents]) => cents > 0 && !ids.has(code)).map(([code]) => code)
      if (missingCredit.length > 0) throw new Error(`ledger accounts missing: ${missingCredit.join(', ')}`)
      throw new AppError('Insufficient balance')
    }
  }
  const accountId = (code: string) => ids.get(code) ?? sql<number>`(select id from ledger_accounts where code = ${code})`
  const nowMs = Date.now()
  await trx
    .insertInto('ledger_transfers')
    .values(
      transfers.map((t) => ({
        debit_account_id: accountId(t.debitCode),
        credit_account_id: accountId(t.creditCode),
        amount_cents: t.amountCents,
        kind: t.kind,
        reference_type: t.referenceType,
        reference_id: t.referenceId,
        shop_id: t.shopId ?? null,
        order_id: t.orderId ?? null,
        created_at_ms: nowMs,
      })),
    )
    .execute()
}
