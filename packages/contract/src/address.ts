import { z } from 'zod'

/**
 * An address-book entry (SPEC §3 Address). `country` is an ISO 3166-1 alpha-2 code; the
 * server checks it and the mobile number against that country with well-kept libraries
 * (i18n-iso-countries, libphonenumber-js) and stores the number in E.164.
 */
export const AddressBody = z
  .object({
    name: z.string().trim().min(1, 'Invalid parameters').max(60, 'Invalid parameters'),
    mobile: z.string().trim().min(4, 'Invalid parameters').max(30, 'Invalid parameters'),
    country: z.string().trim().length(2, 'Invalid parameters').toUpperCase(),
    province: z.string().trim().max(60).default(''),
    city: z.string().trim().min(1, 'Invalid parameters').max(60, 'Invalid parameters'),
    address: z.string().trim().min(3, 'Invalid parameters').max(200, 'Invalid parameters'),
    zipCode: z.string().trim().max(20).default(''),
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
