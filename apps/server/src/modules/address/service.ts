import type { Address, AddressBody } from '@bazaar/contract/address'
// The library without its country names (its browser entry): the Node entry loads the names in
// every language at start (0.1 s of it, BENCH G11), and only the codes are checked here.
import countries from 'i18n-iso-countries/index.js'
import type { Selectable } from 'kysely'
import { type CountryCode, parsePhoneNumberFromString } from 'libphonenumber-js/max'
import type { Db, Trx } from '../../db/database.ts'
import { AppError } from '../../platform/errors.ts'
import * as repo from './repo.ts'
import type { AddressesTable } from './tables.ts'

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
  return (await repo.findAddresses(db.kysely, userId)).map(toAddress)
}

/**
 * One of the user's live addresses, inside a transaction or not.
 * @throws 'no address' when it is not theirs or was deleted
 */
export async function ownAddress(trx: Trx, userId: number, addressId: number): Promise<Address> {
  const row = await repo.findAddress(trx, userId, addressId)
  if (!row) throw new AppError('no address')
  return toAddress(row)
}

const columnsOf = (a: AddressBody) => ({
  name: a.name,
  mobile: a.mobile,
  country: a.country,
  province: a.province,
  city: a.city,
  address: a.address,
  zip_code: a.zipCode,
})

/**
 * Adds an address (the first one becomes the default).
 * @throws 'Invalid parameters' | 'Too many requests' (more than 50 addresses)
 */
export async function createAddress(db: Db, userId: number, body: AddressBody): Promise<Address> {
  const clean = normalise(body)
  return db.kysely.transaction().execute(async (trx) => {
    const count = await repo.countAddresses(trx, userId)
    if (count >= maxAddresses) throw new AppError('Too many requests')
    const isDefault = clean.isDefault || count === 0
    if (isDefault) await repo.clearDefault(trx, userId)
    const row = await repo.insertAddress(trx, {
      user_id: userId,
      ...columnsOf(clean),
      is_default: isDefault ? 1 : 0,
      created_at_ms: Date.now(),
    })
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
    if (clean.isDefault) await repo.clearDefault(trx, userId)
    return toAddress(await repo.updateAddress(trx, addressId, { ...columnsOf(clean), ...(clean.isDefault ? { is_default: 1 } : {}) }))
  })
}

/** Deletes an address of the user (kept for orders that point at it); another becomes default. */
export async function deleteAddress(db: Db, userId: number, addressId: number): Promise<void> {
  await db.kysely.transaction().execute(async (trx) => {
    if (await repo.markDeleted(trx, userId, addressId)) await repo.ensureDefault(trx, userId)
  })
}
