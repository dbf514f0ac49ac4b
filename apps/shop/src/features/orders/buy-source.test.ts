import { describe, expect, it } from 'vitest'
import { buyHref } from '../../shared/paths'
import { parseBuySource } from './buy-source'

const parse = (href: string) => parseBuySource(new URLSearchParams(href.split('?')[1]))

describe('the buy page’s source', () => {
  it('reads back what buyHref writes', () => {
    expect(parse(buyHref({ fromCart: true }))).toEqual({ fromCart: true })
    const lines = [
      { listingId: 12, skuId: 34, quantity: 2 },
      { listingId: 5, skuId: 6, quantity: 1 },
    ]
    expect(parse(buyHref({ lines }))).toEqual({ lines })
  })

  it('refuses anything malformed rather than guessing', () => {
    expect(parse('/pages/buy')).toBeUndefined()
    expect(parse('/pages/buy?lines=1.2')).toBeUndefined()
    expect(parse('/pages/buy?lines=1.2.0')).toBeUndefined()
    expect(parse('/pages/buy?lines=1.x.2')).toBeUndefined()
    expect(parse('/pages/buy?lines=1.2.1.5')).toBeUndefined()
    expect(parse('/pages/buy?lines=1.2.1,')).toBeUndefined()
  })
})
