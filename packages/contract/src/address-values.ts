/**
 * Address-book limits (no zod): address.ts builds `AddressBody` from them; the shop's form
 * checks the same limits before sending, to spare a round trip.
 */

/** The text fields of an address. */
export type AddressTextField = 'name' | 'mobile' | 'country' | 'province' | 'city' | 'address' | 'zipCode'

/** Each field's length in characters after trimming, inclusive. `country` is an ISO 3166-1 alpha-2 code. */
export const addressLimits: Record<AddressTextField, { min: number; max: number }> = {
  name: { min: 1, max: 60 },
  mobile: { min: 4, max: 30 },
  country: { min: 2, max: 2 },
  province: { min: 0, max: 60 },
  city: { min: 1, max: 60 },
  address: { min: 3, max: 200 },
  zipCode: { min: 0, max: 20 },
}
