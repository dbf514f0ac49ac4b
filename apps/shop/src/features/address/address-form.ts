import type { AddressBody } from '@bazaar/contract/address'

export type AddressDraft = {
  name: string
  mobile: string
  country: string
  province: string
  city: string
  address: string
  zipCode: string
  isDefault: boolean
}
export type AddressField = Exclude<keyof AddressDraft, 'isDefault'>

/** The contract's limits (address.ts AddressBody), checked before sending to spare a round trip. */
export const addressLimits: Record<AddressField, { min: number; max: number }> = {
  name: { min: 1, max: 60 },
  mobile: { min: 4, max: 30 },
  country: { min: 2, max: 2 },
  province: { min: 0, max: 60 },
  city: { min: 1, max: 60 },
  address: { min: 3, max: 200 },
  zipCode: { min: 0, max: 20 },
}

/** The fields that break a limit (trimmed), as the server would name them. */
export function checkAddress(draft: AddressDraft): Partial<Record<AddressField, true>> {
  const wrong: Partial<Record<AddressField, true>> = {}
  for (const [field, { min, max }] of Object.entries(addressLimits) as [AddressField, { min: number; max: number }][]) {
    const length = draft[field].trim().length
    if (length < min || length > max) wrong[field] = true
  }
  return wrong
}

export function toBody(draft: AddressDraft): AddressBody {
  const trim = (s: string) => s.trim()
  return {
    name: trim(draft.name),
    mobile: trim(draft.mobile),
    country: draft.country,
    province: trim(draft.province),
    city: trim(draft.city),
    address: trim(draft.address),
    zipCode: trim(draft.zipCode),
    isDefault: draft.isDefault,
  }
}

/** The server's `data.fields` as the form's fields (unknown names are dropped). */
export function serverFieldErrors(fields: Record<string, string>): Partial<Record<AddressField, true>> {
  const wrong: Partial<Record<AddressField, true>> = {}
  for (const name of Object.keys(fields)) if (name in addressLimits) wrong[name as AddressField] = true
  return wrong
}
