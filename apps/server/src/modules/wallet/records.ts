import type { RecordPage, RecordsQuery, RecordType, WalletRecord } from '@bazaar/contract/wallet'
import type { TransferKind, WalletRecordKind } from '@bazaar/contract/wallet-values'
import { sql } from 'kysely'
import type { Db } from '../../db/database.ts'
import { AppError } from '../../platform/errors.ts'
import { orderNumbers } from '../order/account-service.ts'
import { userAccounts } from './ledger.ts'

/**
 * Which record type each kind shows as (SPEC §3 Wallet record types): the merchant's payment
 * of an order's purchase price is the SPEC's shipping deduction. Kinds that never touch a
 * person's available balance (platform coupons between marketing and escrow) are listed for
 * completeness.
 */
const typeOfKind: Record<WalletRecordKind, RecordType> = {
  recharge: 'system_business',
  withdrawal: 'system_business',
  withdrawal_hold: 'system_business',
  withdrawal_payout: 'system_business',
  withdrawal_fee: 'system_business',
  withdrawal_release: 'system_business',
  order_payment: 'goods_trade',
  order_settlement: 'goods_trade',
  order_refund: 'refund',
  order_coupon: 'goods_trade',
  coupon_return: 'refund',
  purchase_payment: 'shipping_deduction',
  purchase_return: 'refund',
  bond_upgrade: 'system_business',
  bond_return: 'system_business',
  settlement_moved: 'goods_trade',
}
const kindsOfType = (type: RecordType) => Object.keys(typeOfKind).filter((k) => typeOfKind[k as WalletRecordKind] === type)

/** Transfer kinds already shown through their request (recharge, withdrawal), not as lines of their own. */
const requestTransferKinds: TransferKind[] = ['recharge', 'withdrawal_hold', 'withdrawal_release', 'withdrawal_payout', 'withdrawal_fee']

function decode(cursor: string): { atMs: number; key: string } {
  try {
    const [atMs, key] = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'))
    if (Number.isSafeInteger(atMs) && typeof key === 'string' && key.length < 40) return { atMs, key }
  } catch {}
  throw new AppError('Invalid cursor')
}

/**
 * The wallet's record list (SPEC §2 money): recharge and withdrawal requests with their
 * review status, deposits credited by the chain (as approved recharges with their network and
 * hash), and the ledger's other transfers on the user's available account (order payments,
 * refunds, a merchant's purchase payments…) as approved lines, each naming its order's number
 * when it concerns one; newest first, keyset-paginated, filterable by type.
 * @throws 'Invalid cursor'
 */
export async function listRecords(db: Db, userId: number, query: RecordsQuery): Promise<RecordPage> {
  const { available } = await userAccounts(db.kysely, userId)
  const after = query.cursor ? decode(query.cursor) : undefined
  const kinds = query.type ? kindsOfType(query.type) : undefined
  const wanted = (kind: string) => (kinds ? sql`${kind} in (${sql.join(kinds.length ? kinds : ['none'])})` : sql`1 = 1`)
  const { rows } = await sql<{
    record_key: string
    kind: string
    status: string
    amount_cents: number | string
    fee_cents: number | string
    network_code: string | null
    note: string | null
    payout_tx_hash: string | null
    tx_hash: string | null
    order_id: number | string | null
    created_at_ms: number | string
  }>`
    select * from (
      select 'r' || cast(id as varchar(20)) as record_key, 'recharge' as kind, status, amount_cents, 0 as fee_cents, network_code, reject_reason as note, cast(null as varchar(100)) as payout_tx_hash, tx_hash, cast(null as integer) as order_id, created_at_ms
        from recharges where user_id = ${userId} and ${wanted('recharge')}
      union all
      select 'c' || cast(deposit_id as varchar(20)), 'recharge', 'approved', amount_cents, 0, network_code, null, null, tx_hash, null, created_at_ms
        from chain_credits where user_id = ${userId} and ${wanted('recharge')}
      union all
      select 'w' || cast(id as varchar(20)), 'withdrawal', status, 0 - amount_cents, fee_cents, network_code, reject_reason, payout_tx_hash, null, null, created_at_ms
        from withdrawals where user_id = ${userId} and ${wanted('withdrawal')}
      union all
      select 't' || cast(id as varchar(20)), kind, 'approved', case when credit_account_id = ${available.id} then amount_cents else 0 - amount_cents end, 0, null, null, null, null, order_id, created_at_ms
        from ledger_transfers
        where (credit_account_id = ${available.id} or debit_account_id = ${available.id})
          and kind not in (${sql.join(requestTransferKinds)}) and ${kinds ? sql`kind in (${sql.join(kinds.length ? kinds : ['none'])})` : sql`1 = 1`}
    ) records
    where ${after ? sql`(created_at_ms < ${after.atMs} or (created_at_ms = ${after.atMs} and record_key < ${after.key}))` : sql`1 = 1`}
    order by created_at_ms desc, record_key desc
    limit ${query.limit + 1}`.execute(db.kysely)
  const page = rows.slice(0, query.limit)
  const numbers = await orderNumbers(
    db.kysely,
    page.flatMap((r) => (r.order_id === null ? [] : [Number(r.order_id)])),
  )
  const items = page.map(
    (r): WalletRecord => ({
      id: r.record_key,
      type: typeOfKind[r.kind as WalletRecordKind] ?? 'unknown',
      kind: r.kind as WalletRecordKind,
      status: r.status as WalletRecord['status'],
      amountCents: Number(r.amount_cents),
      feeCents: Number(r.fee_cents),
      networkCode: r.network_code,
      note: r.note,
      payoutTxHash: r.payout_tx_hash,
      txHash: r.tx_hash,
      orderNo: r.order_id === null ? null : (numbers.get(Number(r.order_id)) ?? null),
      createdAtMs: Number(r.created_at_ms),
    }),
  )
  const last = page.at(-1)
  return {
    items,
    nextCursor:
      rows.length > query.limit && last
        ? Buffer.from(JSON.stringify([Number(last.created_at_ms), last.record_key])).toString('base64url')
        : null,
  }
}
