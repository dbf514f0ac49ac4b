import { type Kysely, sql } from 'kysely'

/**
 * One transfer has one hash (issue 21): hex is case-blind, yet a recharge filed with a hash
 * and again with the same hash in upper case was taken twice, and approving both credited one
 * deposit twice. Stored hashes are brought to their one form (`normaliseTxHash` in the
 * contract: lower case, `0x` on EVM networks, none on TRON; the formats checked before kept
 * the prefix right, so lower case is all that changes); the rows that now repeat an older
 * recharge's hash are marked with `duplicate_of_recharge_id`, as 006 did, never deleted, so
 * the console warns about them; the unique index is rebuilt over the rest.
 *
 * `deposit_hashes` holds each deposit transaction hash that has credited a wallet, once per
 * network, and by what: an operator's approval of a recharge ('proof') or the chain watcher
 * ('chain'). Its primary key is what decides, also under bursts, that a transfer approved by
 * hand is never credited again by hand or by the watcher, and the other way round.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`drop index recharges_tx_hash_once`.execute(db)
  await sql`update recharges set tx_hash = lower(tx_hash) where tx_hash is not null`.execute(db)
  await sql`update withdrawals set payout_tx_hash = lower(payout_tx_hash) where payout_tx_hash is not null`.execute(db)
  await sql`update recharges set duplicate_of_recharge_id = (select min(first.id) from recharges first
    where first.network_code = recharges.network_code and first.tx_hash = recharges.tx_hash and first.id < recharges.id)
    where tx_hash is not null and duplicate_of_recharge_id is null`.execute(db)
  await sql`create unique index recharges_tx_hash_once on recharges (network_code, tx_hash)
    where tx_hash is not null and duplicate_of_recharge_id is null`.execute(db)

  await db.schema
    .createTable('deposit_hashes')
    .addColumn('network_code', 'text', (c) => c.notNull().references('networks.code'))
    .addColumn('tx_hash', 'text', (c) => c.notNull())
    .addColumn('source', 'text', (c) => c.notNull().check(sql`source in ('proof', 'chain')`))
    .addColumn('recharge_id', 'integer')
    .addColumn('created_at_ms', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('deposit_hashes_pk', ['network_code', 'tx_hash'])
    .execute()
  // Hashes already credited by an approval; where two approvals already share one (the hole
  // this closes), the older is named and the console lists the later one as a duplicate.
  await sql`insert into deposit_hashes (network_code, tx_hash, source, recharge_id, created_at_ms)
    select network_code, tx_hash, 'proof', min(id), min(coalesce(reviewed_at_ms, created_at_ms)) from recharges
    where status = 'approved' and tx_hash is not null group by network_code, tx_hash`.execute(db)
}
