import { describe, expect, it } from 'vitest'
import { ProductListQuery } from './catalog.ts'
import { errorKeys, errorStatus } from './errors.ts'
import { isRtl, localeTags, resolveLocale } from './locales.ts'

describe('resolveLocale', () => {
  it("accepts the SPEC's language codes as aliases of BCP 47 tags", () => {
    expect(resolveLocale('arabic')).toBe('ar')
    expect(resolveLocale('jp')).toBe('ja')
    expect(resolveLocale('kor')).toBe('ko')
    expect(resolveLocale('zh-Hans')).toBe('zh-Hans')
    expect(resolveLocale('zh-Hant')).toBe('zh-Hant')
  })
  it('reads region tags and Accept-Language lists, and ignores what it does not know', () => {
    expect(resolveLocale('ar-EG')).toBe('ar')
    expect(resolveLocale('zh-TW')).toBe('zh-Hant')
    expect(resolveLocale('zh-CN')).toBe('zh-Hans')
    expect(resolveLocale('pt-BR')).toBe('pt')
    expect(resolveLocale('xx-YY;q=1, de-CH;q=0.8')).toBe('de')
    expect(resolveLocale('tlh')).toBeUndefined()
    expect(resolveLocale('')).toBeUndefined()
  })
  it('has 17 bundles and only Arabic is right to left', () => {
    expect(localeTags).toHaveLength(17)
    expect(localeTags.filter(isRtl)).toEqual(['ar'])
  })
})

describe('error catalogue', () => {
  it("holds the SPEC's keys with meaningful HTTP statuses", () => {
    for (const key of [
      'Inventory shortage',
      'Insufficient balance',
      'Please enter key words',
      'set the payment password',
      'sj_zdjg',
      'no_order',
    ] as const) {
      expect(errorKeys).toContain(key)
    }
    expect(errorStatus['set the payment password']).toBe(406)
    expect(errorStatus['Please log in']).toBe(401)
    for (const status of Object.values(errorStatus)) expect(status).toBeGreaterThanOrEqual(400)
  })
})

describe('ProductListQuery', () => {
  it('names the rule each bad input breaks with an error key', () => {
    const issue = (q: object) => ProductListQuery.safeParse(q).error?.issues[0]?.message
    expect(issue({ limit: '101' })).toBe('Page size must be 1 to 100')
    expect(issue({ minPriceCents: '9', maxPriceCents: '8' })).toBe('Minimum price is above maximum price')
    expect(issue({ keywords: '   ' })).toBe('Please enter key words')
    expect(ProductListQuery.parse({})).toMatchObject({ sort: 'recommend', limit: 20 })
  })
})
