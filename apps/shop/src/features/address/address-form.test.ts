import { describe, expect, it } from 'vitest'
import { type AddressDraft, checkAddress, serverFieldErrors, toBody } from './address-form'

const draft: AddressDraft = {
  name: ' Lina ',
  mobile: '+971 50 123 4567',
  country: 'AE',
  province: '',
  city: 'Dubai',
  address: '12 Palm Street',
  zipCode: '',
  isDefault: true,
}

describe('address form', () => {
  it('accepts a complete address and trims it for the server', () => {
    expect(checkAddress(draft)).toEqual({})
    expect(toBody(draft)).toMatchObject({ name: 'Lina', mobile: '+971 50 123 4567', country: 'AE', isDefault: true })
  })

  it('names every field outside the contract’s limits', () => {
    expect(checkAddress({ ...draft, name: '  ', country: '', address: 'ab', zipCode: 'x'.repeat(21) })).toEqual({
      name: true,
      country: true,
      address: true,
      zipCode: true,
    })
  })

  it('maps the server’s data.fields onto the form', () => {
    expect(serverFieldErrors({ mobile: 'Invalid parameters', _: 'Invalid parameters' })).toEqual({ mobile: true })
  })
})
