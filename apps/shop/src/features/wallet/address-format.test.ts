import { describe, expect, it } from 'vitest'
import { shortAddress } from './address-format'

// The shape checks themselves are the contract's (wallet-values.ts addressShapeOk).
describe('withdrawal address display', () => {
  it('shortens in the middle', () => {
    expect(shortAddress('TJRabPrwbZy45sbavfcjinPJC18kjpRTv8')).toBe('TJRabPrw…8kjpRTv8')
    expect(shortAddress('short')).toBe('short')
  })
})
