import type { ListingSku } from '@bazaar/contract/catalog'
import { describe, expect, it } from 'vitest'
import { isAvailable, isComplete, missingOption, selectedSku } from './sku'

function sku(id: number, options: Record<string, string>, stock: number): ListingSku {
  return { id, code: `S${id}`, name: Object.values(options).join(' / '), options, priceCents: 1000 + id, stock }
}

const product = {
  specification: [
    { name: 'Size', values: ['S', 'M'] },
    { name: 'Colour', values: ['Red', 'Blue'] },
  ],
  skus: [sku(1, { Size: 'S', Colour: 'Red' }, 3), sku(2, { Size: 'S', Colour: 'Blue' }, 0), sku(3, { Size: 'M', Colour: 'Blue' }, 5)],
}

describe('SKU selection', () => {
  it('finds the SKU of a complete selection only', () => {
    expect(selectedSku(product, { Size: 'S' })).toBeUndefined()
    expect(selectedSku(product, { Size: 'M', Colour: 'Blue' })?.id).toBe(3)
    expect(isComplete(product, { Size: 'M' })).toBe(false)
    expect(missingOption(product, { Size: 'M' })).toBe('Colour')
  })

  it('uses the single SKU of a product without options', () => {
    expect(selectedSku({ specification: [], skus: [sku(9, {}, 1)] }, {})?.id).toBe(9)
  })

  it('disables values that lead to no SKU in stock', () => {
    expect(isAvailable(product, { Size: 'S' }, 'Colour', 'Blue')).toBe(false)
    expect(isAvailable(product, { Size: 'S' }, 'Colour', 'Red')).toBe(true)
    expect(isAvailable(product, {}, 'Size', 'M')).toBe(true)
    expect(isAvailable(product, { Colour: 'Red' }, 'Size', 'M')).toBe(false)
  })
})
