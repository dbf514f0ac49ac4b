import type { ProductDetail } from '@bazaar/contract/catalog'
import { describe, expect, it } from 'vitest'
import { type CartLine, fromDevice, groupByShop, selection, unavailableReason } from './cart-lines'

const line = (over: Partial<CartLine>): CartLine => ({
  key: 'k',
  listingId: 1,
  skuId: 1,
  quantity: 1,
  selected: true,
  title: 'Lamp',
  skuName: '',
  priceCents: 1000,
  stock: 5,
  available: true,
  image: null,
  shop: { id: 1, name: 'A' },
  ...over,
})

const product = {
  id: 7,
  title: 'Shirt',
  images: [],
  specification: [{ name: 'Size', values: ['M'] }],
  skus: [{ id: 3, code: 'c', name: 'M', options: { Size: 'M' }, priceCents: 2599, stock: 2 }],
  shop: { id: 4, name: 'Loom' },
} as unknown as ProductDetail

describe('cart lines', () => {
  it('builds a device line from the product’s SKU', () => {
    const view = fromDevice({ listingId: 7, skuId: 3, quantity: 2, selected: true }, product)
    expect(view).toMatchObject({
      key: '7:3',
      title: 'Shirt',
      skuName: 'M',
      priceCents: 2599,
      stock: 2,
      available: true,
      shop: { id: 4, name: 'Loom' },
    })
    expect(fromDevice({ listingId: 7, skuId: 3, quantity: 3, selected: true }, product).available).toBe(false)
  })

  it('marks a device line whose listing or SKU is gone as unavailable', () => {
    expect(unavailableReason(fromDevice({ listingId: 7, skuId: 99, quantity: 1, selected: true }, undefined))).toEqual({ kind: 'gone' })
    expect(fromDevice({ listingId: 7, skuId: 99, quantity: 1, selected: true }, product).available).toBe(false)
  })

  it('groups by shop in order of appearance, unknown listings last', () => {
    const groups = groupByShop([
      line({ key: 'a', shop: null }),
      line({ key: 'b', shop: { id: 2, name: 'B' } }),
      line({ key: 'c' }),
      line({ key: 'd', shop: { id: 2, name: 'B' } }),
    ])
    expect(groups.map((g) => [g.shop?.id ?? null, g.lines.map((l) => l.key)])).toEqual([
      [2, ['b', 'd']],
      [1, ['c']],
      [null, ['a']],
    ])
  })

  it('totals only selected lines that can be bought, in integer cents', () => {
    const result = selection([
      line({ priceCents: 1999, quantity: 3 }),
      line({ selected: false }),
      line({ available: false, priceCents: 5 }),
      line({ priceCents: 1, quantity: 1 }),
    ])
    expect(result.totalCents).toBe(5998)
    expect(result.count).toBe(4)
  })

  it('says why a line is greyed', () => {
    expect(unavailableReason(line({}))).toBeUndefined()
    expect(unavailableReason(line({ available: false, stock: 0 }))).toEqual({ kind: 'soldOut' })
    expect(unavailableReason(line({ available: false, stock: 2, quantity: 3 }))).toEqual({ kind: 'fewLeft', stock: 2 })
    expect(unavailableReason(line({ available: false, stock: 9, quantity: 1 }))).toEqual({ kind: 'offShelf' })
  })
})
