import type { Insertable } from 'kysely'
import type { Trx } from '../../db/database.ts'
import type { AddressesTable } from './tables.ts'

/** A user's live addresses, default first. */
export function findAddresses(db: Trx, userId: number) {
  return db
    .selectFrom('addresses')
    .selectAll()
    .where('user_id', '=', userId)
    .where('deleted', '=', 0)
    .orderBy('is_default', 'desc')
    .orderBy('id', 'desc')
    .execute()
}

/** One live address of a user, or undefined. */
export function findAddress(db: Trx, userId: number, addressId: number) {
  return db
    .selectFrom('addresses')
    .selectAll()
    .where('id', '=', addressId)
    .where('user_id', '=', userId)
    .where('deleted', '=', 0)
    .executeTakeFirst()
}

/** How many live addresses a user has. */
export async function countAddresses(db: Trx, userId: number): Promise<number> {
  const row = await db
    .selectFrom('addresses')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .where('deleted', '=', 0)
    .executeTakeFirstOrThrow()
  return Number(row.n)
}

/** Clears the default flag of every address of a user. */
export function clearDefault(db: Trx, userId: number) {
  return db.updateTable('addresses').set({ is_default: 0 }).where('user_id', '=', userId).execute()
}

/** Inserts an address and returns its row. */
export function insertAddress(db: Trx, row: Insertable<AddressesTable>) {
  return db.insertInto('addresses').values(row).returningAll().executeTakeFirstOrThrow()
}

/** Changes an address and returns its row. */
export function updateAddress(
  db: Trx,
  addressId: number,
  changes: Pick<AddressesTable, 'name' | 'mobile' | 'country' | 'province' | 'city' | 'address' | 'zip_code'> & { is_default?: number },
) {
  return db.updateTable('addresses').set(changes).where('id', '=', addressId).returningAll().executeTakeFirstOrThrow()
}

/** Marks a user's live address deleted (orders keep their snapshot); returns whether it was the default, or undefined if none. */
export function markDeleted(db: Trx, userId: number, addressId: number) {
  return db
    .updateTable('addresses')
    .set({ deleted: 1, is_default: 0 })
    .where('id', '=', addressId)
    .where('user_id', '=', userId)
    .where('deleted', '=', 0)
    .returning('is_default')
    .executeTakeFirst()
}

/** Makes a user's newest live address the default when none is. */
export async function ensureDefault(db: Trx, userId: number) {
  const live = await findAddresses(db, userId)
  const newest = [...live].sort((a, b) => b.id - a.id)[0]
  if (newest && !live.some((a) => a.is_default === 1))
    await db.updateTable('addresses').set({ is_default: 1 }).where('id', '=', newest.id).execute()
}
