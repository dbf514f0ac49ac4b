import * as catalog from '@bazaar/contract/catalog'
import * as constants from '@bazaar/contract/catalog-constants'
import { ReplyCode } from '@bazaar/contract/envelope'
import { describe, expect, it } from 'vitest'

// The shop imports the zod-free copies (bundle size, BENCH B1); they must not drift.
describe('contract catalog-constants', () => {
  it('equals the values of catalog.ts and envelope.ts', () => {
    expect(constants.imageWidths).toEqual(catalog.imageWidths)
    expect(constants.productSorts).toEqual(catalog.productSorts)
    expect(constants.defaultPageSize).toBe(catalog.defaultPageSize)
    expect(constants.maxPageSize).toBe(catalog.maxPageSize)
    expect(constants.ReplyCode).toEqual(ReplyCode)
    for (const width of constants.imageWidths) expect(constants.imageUrl(42, width)).toBe(catalog.imageUrl(42, width))
  })
})
