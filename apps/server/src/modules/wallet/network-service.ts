import type { NetworkUpdateBody } from '@bazaar/contract/admin'
import type { Network } from '@bazaar/contract/wallet'
import type { Selectable } from 'kysely'
import type { Db, Trx } from '../../db/database.ts'
import { recordAudit } from '../../platform/audit.ts'
import { AppError } from '../../platform/errors.ts'
import { isValidAddress } from './addresses.ts'
import * as repo from './repo.ts'
import type { NetworksTable } from './tables.ts'

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
  await repo.insertMissingNetworks(
    db.kysely,
    defaultNetworks.map((n) => ({ ...n, updated_at_ms: Date.now() })),
  )
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
export async function listNetworks(db: Trx): Promise<Network[]> {
  return (await repo.findNetworks(db)).map(toNetwork)
}

/**
 * One network by code.
 * @throws `missingKey` when it does not exist
 */
export async function networkOrThrow(
  db: Trx,
  code: string,
  missingKey: 'select a recharge method' | 'select withdrawal network',
): Promise<Network> {
  const row = await repo.findNetwork(db, code)
  if (!row) throw new AppError(missingKey)
  return toNetwork(row)
}

/**
 * Changes a network's settings (operators' console) with an audit entry, in one
 * transaction. A deposit address must pass the network's checksum; an empty one closes
 * recharge on that network.
 * @throws 'Route not found' | 'Invalid address' (named in `fields.depositAddress`, so the console shows it beside the field)
 */
export async function updateNetwork(db: Db, operatorId: number, code: string, body: NetworkUpdateBody): Promise<Network> {
  return db.kysely.transaction().execute(async (trx) => {
    const network = await repo.findNetwork(trx, code)
    if (!network) throw new AppError('Route not found')
    if (body.depositAddress && !isValidAddress(network.address_format, body.depositAddress))
      throw new AppError('Invalid address', { fields: { depositAddress: 'Invalid address' } })
    const row = await repo.updateNetwork(trx, code, {
      deposit_address: body.depositAddress,
      withdrawal_fee_cents: body.withdrawalFeeCents,
      withdrawal_min_cents: body.withdrawalMinCents,
      withdrawal_max_cents: body.withdrawalMaxCents,
      monthly_withdrawal_cap: body.monthlyWithdrawalCap,
      withdrawals_enabled: body.withdrawalsEnabled ? 1 : 0,
      updated_at_ms: Date.now(),
    })
    await recordAudit(trx, {
      operatorId,
      action: 'network.update',
      targetType: 'network',
      targetId: code,
      detail: { before: toNetwork(network), after: body },
    })
    return toNetwork(row)
  })
}
