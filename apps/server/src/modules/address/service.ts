import type { Address, AddressBody } from '@bazaar/contract/address'
import countries from 'i18n-iso-countries'
import type { Kysely, Selectable } from 'kysely'
import { type CountryCode, parsePhoneNumberFromString } from 'libphonenumber-js/max'
import type { Db } from '../../db/database.ts'
import type { AddressesTable, Database } from '../../db/schema.ts'
import { AppError } from '../../platform/errors.ts'

/** Most addresses one user keeps. */
export const maxAddresses = 50

const toAddress = (a: Selectable<AddressesTable>): Address => ({
  id: a.id,
  name: a.name,
  mobile: a.mobile,
  country: a.country,
  province: a.province,
  city: a.city,
  address: a.address,
  zipCode: a.zip_code,
  isDefault: a.is_default === 1,
})

/**
 * Checks the country (ISO 3166-1 alpha-2, i18n-iso-countries) and the mobile number for
 * that country (libphonenumber-js, full metadata), returning the number in E.164.
 * @throws 'Invalid parameters' with the field at fault
 */
function normalise(body: AddressBody): AddressBody {
  if (!countries.isValid(body.country)) throw new AppError('Invalid parameters', { fields: { country: 'Invalid parameters' } })
  const phone = parsePhoneNumberFromString(body.mobile, body.country as CountryCode)
  if (!phone?.isValid()) throw new AppError('Invalid parameters', { fields: { mobile: 'Invalid parameters' } })
  return { ...body, mobile: phone.number }
}

/** The user's address book, default first. */
export async function listAddresses(db: Db, userId: number): Promise<Address[]> {
  const rows = await db.kysely
    .selectFrom('addresses')
    .selectAll()
    .where('user_id', '=', userId)
    .where('deleted', '=', 0)
    .orderBy('is_default', 'desc')
    .orderBy('id', 'desc')
    .execute()
  return rows.map(toAddress)
}

/**
 * One of the user's live addresses, inside a transaction or not.
 * @throws 'no address' when it is not theirs or was deleted
 */
export async function ownAddress(db: Kysely<Database>, userId: number, addressId: number): Promise<Address> {
  const row = await db
    .selectFrom('addresses')
    .selectAll()
    .where('id', '=', addressId)
    .where('user_id', '=', userId)
    .where('deleted', '=', 0)
    .executeTakeFirst()
  if (!row) throw new AppError('no address')
  return toAddress(row)
}

/**
 * Adds an address (the first one becomes the default).
 * @throws 'Invalid parameters' | 'Too many requests' (more than 50 addresses)
 */
export async function createAddress(db: Db, userId: number, body: AddressBody): Promise<Address> {
  const clean = normalise(body)
  return db.kysely.transaction().execute(async (trx) => {
    const count = await trx
      .selectFrom('addresses')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('user_id', '=', userId)
      .where('deleted', '=', 0)
      .executeTakeFirstOrThrow()
    if (Number(count.n) >= maxAddresses) throw new AppError('Too many requests')
    const isDefault = clean.isDefault || Number(count.n) === 0
    if (isDefault) await trx.updateTable('addresses').set({ is_default: 0 }).where('user_id', '=', userId).execute()
    const row = await trx
      .insertInto('addresses')
      .values({
        user_id: userId,
        name: clean.name,
        mobile: clean.mobile,
        country: clean.country,
        province: clean.province,
        city: clean.city,
        address: clean.address,
        zip_code: clean.zipCode,
        is_default: isDefault ? 1 : 0,
        created_at_ms: Date.now(),
      })
      .returningAll()
      .executeTakeFirstOrThrow()
    return toAddress(row)
  })
}

/**
 * Replaces an address of the user.
 * @throws 'no address' | 'Invalid parameters'
 */
export async function updateAddress(db: Db, userId: number, addressId: number, body: AddressBody): Promise<Address> {
  const clean = normalise(body)
  return db.kysely.transaction().execute(async (trx) => {
    await ownAddress(trx, userId, addressId)
    if (clean.isDefault) await trx.updateTable('addresses').set({ is_default: 0 }).where('user_id', '=', userId).execute()
    const row = await trx
      .updateTable('addresses')
      .set({
        name: clean.name,
        mobile: clean.mobile,
        country: clean.country,
        province: clean.province,
        city: clean.city,
        address: clean.address,
        zip_code: clean.zipCode,
        ...(clean.isDefault ? { is_default: 1 } : {}),
      })
      .where('id', '=', addressId)
      .returningAll()
      .executeTakeFirstOrThrow()
    return toAddress(row)
  })
}

/** Deletes an address of the user (kept for orders that point at it); another becomes default. */
export async function deleteAddress(db: Db, userId: number, addressId: number): Promise<void> {
  await db.kysely.transaction().execute(async (trx) => {
    const row = await trx
      .updateTable('addresses')
      .set({ deleted: 1, is_default: 0 })
      .where('id', '=', addressId)
      .where('user_id', '=', userId)
      .where('deleted', '=', 0)
      .returning('is_default')
      .executeTakeFirst()
    if (!row) return
    const next = await trx
      .selectFrom('addresses')
      .select('id')
      .where('user_id', '=', userId)
      .where('deleted', '=', 0)
      .orderBy('id', 'desc')
      .executeTakeFirst()
    const hasDefault = await trx
      .selectFrom('addresses')
      .select('id')
      .where('user_id', '=', userId)
      .where('deleted', '=', 0)
      .where('is_default', '=', 1)
      .executeTakeFirst()
    if (next && !hasDefault) await trx.updateTable('addresses').set({ is_default: 1 }).where('id', '=', next.id).execute()
  })
}
