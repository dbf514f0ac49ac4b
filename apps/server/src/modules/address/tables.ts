import type { Defaulted, Id } from '../../db/column-types.ts'

/** Tables of the address module. */
export interface AddressTables {
  addresses: AddressesTable
}

export interface AddressesTable {
  id: Id
  user_id: number
  name: string
  /** E.164, checked against `country` with libphonenumber-js. */
  mobile: string
  /** ISO 3166-1 alpha-2. */
  country: string
  province: string
  city: string
  address: string
  zip_code: string
  is_default: Defaulted<number>
  /** Deleted addresses stay for the orders that point at them. */
  deleted: Defaulted<number>
  created_at_ms: number
}
