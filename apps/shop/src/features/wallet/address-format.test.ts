import { describe, expect, it } from 'vitest'
import { addressShapeOk, shortAddress } from './address-format'

describe('withdrawal address shape', () => {
  it('takes TRON base58 addresses of 34 characters starting with T', () => {
    expect(addressShapeOk('tron', 'TJRabPrwbZy45sbavfcjinPJC18kjpRTv8')).toBe(true)
    expect(addressShapeOk('tron', 'TJRabPrwbZy45sbavfcjinPJC18kjpRTv')).toBe(false)
    expect(addressShapeOk('tron', 'TJRabPrwbZy45sbavfcjinPJC18kjpRTv0')).toBe(false)
  })

  it('takes EVM addresses as 0x and 40 hexadecimal digits', () => {
    expect(addressShapeOk('evm', '0x52908400098527886E0F7030069857D2E4169EE7')).toBe(true)
    expect(addressShapeOk('evm', '0x52908400098527886E0F7030069857D2E4169EE')).toBe(false)
    expect(addressShapeOk('evm', 'TJRabPrwbZy45sbavfcjinPJC18kjpRTv8')).toBe(false)
  })

  it('shortens in the middle', () => {
    expect(shortAddress('TJRabPrwbZy45sbavfcjinPJC18kjpRTv8')).toBe('TJRabPrw…8kjpRTv8')
    expect(shortAddress('short')).toBe('short')
  })
})
