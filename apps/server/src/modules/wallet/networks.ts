import type { Network } from '@bazaar/contract/wallet'
import type { Kysely, Selectable } from 'kysely'
import type { Db } from '../../db/database.ts'
import type { Database, NetworksTable } from '../../db/schema.ts'
import { AppError } from '../../platform/errors.ts'

/**
 * Default networks, written once by the seed. These are defaults, not advice: operators set
 * the real deposit addresses, fees, minimums, limits and monthly caps in the console. No
 * deposit address ships, so recharge stays closed until an operator sets one (a made-up
 * address would take real money nobody can reach).
 */
export const defaultNetworks: Omit<NetworksTable, 'deposit_address' | 'updated_at_ms'>[] = [
  {
    code: 'TRC20',
    name: 'TRON (TRC20)',
    address_format: 'tron',
    withdrawal_fee_cents: 100,
    withdrawal_min_cents: 1_000,
    withdrawal_max_cents: 1_000_000,
    monthly_withdrawal_cap: 10,
    withdrawals_enabled: 1,
    sort_order: 1,
  },
  {
    code: 'ERC20',
    name: 'Ethereum (ERC20)',
    address_format: 'evm',
    withdrawal_fee_cents: 500,
    withdrawal_min_cents: 2_000,
    withdrawal_max_cents: 1_000_000,
    monthly_withdrawal_cap: 10,
    withdrawals_enabled: 1,
    sort_order: 2,
  },
  {
    code: 'BEP20',
    name: 'BNB Smart Chain (BEP20)',
    address_format: 'evm',
    withdrawal_fee_cents: 50,
    withdrawal_min_cents: 1_000,
    withdrawal_max_cents: 1_000_000,
    monthly_withdrawal_cap: 10,
    withdrawals_enabled: 1,
    sort_order: 3,
  },
]

/** Inserts the default networks that do not exist yet (operator changes are kept). */
export async function seedNetworks(db: Db): Promise<void> {
  await db.kysely
    .insertInto('networks')
    .values(defaultNetworks.map((n) => ({ ...n, updated_at_ms: Date.now() })))
    .onConflict((oc) => oc.column('code').doNothing())
    .execute()
}

/** Maps a row to the public shape. */
export function toNetwork(n: Selectable<NetworksTable>): Network {
  return {
    code: n.code,
    name: n.name,
    addressFormat: n.address_format,
    depositAddress: n.deposit_address,
    withdrawalFeeCents: Number(n.withdrawal_fee_cents),
    withdrawalMinCents: Number(n.withdrawal_min_cents),
    withdrawalMaxCents: Number(n.withdrawal_max_cents),
    monthlyWithdrawalCap: n.monthly_withdrawal_cap,
    withdrawalsEnabled: n.withdrawals_enabled === 1,
  }
}

/** All networks in display order. */
export async function listNetworks(db: Kysely<Database>): Promise<Network[]> {
  const rows = await db.selectFrom('networks').selectAll().orderBy('sort_order').execute()
  return rows.map(toNetwork)
}

/**
 * One network by code.
 * @throws `missingKey` when it does not exist
 */
export async function networkOrThrow(
  db: Kysely<Database>,
  code: string,
  missingKey: 'select a recharge method' | 'select withdrawal network',
): Promise<Network> {
  const row = await db.selectFrom('networks').selectAll().where('code', '=', code).executeTakeFirst()
  if (!row) throw new AppError(missingKey)
  return toNetwork(row)
}
