import { z } from 'zod'
import { addressLimits as limits } from './address-values.ts'
import { singleLine } from './text.ts'

/**
 * An address-book entry (SPEC §3 Address). `country` is an ISO 3166-1 alpha-2 code; the
 * server checks it and the mobile number against that country with well-kept libraries
 * (i18n-iso-countries, libphonenumber-js) and stores the number in E.164.
 */
export const AddressBody = z
  .object({
    name: singleLine().trim().min(limits.name.min, 'Invalid parameters').max(limits.name.max, 'Invalid parameters'),
    mobile: singleLine().trim().min(limits.mobile.min, 'Invalid parameters').max(limits.mobile.max, 'Invalid parameters'),
    country: singleLine().trim().length(limits.country.max, 'Invalid parameters').toUpperCase(),
    province: singleLine().trim().max(limits.province.max).default(''),
    city: singleLine().trim().min(limits.city.min, 'Invalid parameters').max(limits.city.max, 'Invalid parameters'),
    address: singleLine().trim().min(limits.address.min, 'Invalid parameters').max(limits.address.max, 'Invalid parameters'),
    zipCode: singleLine().trim().max(limits.zipCode.max).default(''),
    isDefault: z.boolean().default(false),
  })
  .strict()
export type AddressBody = z.infer<typeof AddressBody>

export const Address = z.object({
  id: z.number().int(),
  name: z.string(),
  mobile: z.string(),
  country: z.string(),
  province: z.string(),
  city: z.string(),
  address: z.string(),
  zipCode: z.string(),
  isDefault: z.boolean(),
})
export type Address = z.infer<typeof Address>
