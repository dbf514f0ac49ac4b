import * as contract from '@bazaar/contract/cart'
import { describe, expect, it } from 'vitest'
import { maxCartLines, maxLineQuantity } from './cart-limits'

describe('cart limits (zod-free copies for the bundle)', () => {
  it('equal the contract’s', () => {
    expect(maxLineQuantity).toBe(contract.maxLineQuantity)
    expect(maxCartLines).toBe(contract.maxCartLines)
  })
})
