import { ApiError } from '@bazaar/contract/api-error'
import { describe, expect, it, vi } from 'vitest'

vi.mock('../ui/toast', () => ({ toastError: vi.fn() }))
const { fieldErrorsFor } = await import('./form-errors')

describe('fieldErrorsFor', () => {
  const formFields = ['depositAddress', 'withdrawalMin']

  it("puts each reason of the reply's fields under the form's field, with a more precise text where the form has one", () => {
    const error = new ApiError('Invalid address', 0, 400, { depositAddress: 'Invalid address', withdrawalMinCents: 'Invalid parameters' })
    const errors = fieldErrorsFor(error, formFields, {
      fieldOf: { withdrawalMinCents: 'withdrawalMin' },
      textOf: (field, key) => (field === 'depositAddress' && key === 'Invalid address' ? 'fails the checksum' : undefined),
    })
    expect(errors).toEqual([
      { name: 'depositAddress', errors: ['fails the checksum'] },
      { name: 'withdrawalMin', errors: ['Invalid parameters'] },
    ])
  })

  it('leaves out fields the form does not have, and errors that are not replies', () => {
    expect(fieldErrorsFor(new ApiError('Invalid parameters', 0, 400, { 'idempotency-key': 'Invalid parameters' }), formFields)).toEqual([])
    expect(fieldErrorsFor(new ApiError('Network Error', 0, 0), formFields)).toEqual([])
    expect(fieldErrorsFor(new Error('boom'), formFields)).toEqual([])
  })
})
