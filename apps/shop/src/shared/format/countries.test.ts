import countriesLib from 'i18n-iso-countries'
import { describe, expect, it } from 'vitest'
import { countries, countryCodes, countryList, countryName, defaultCountry } from './countries'

describe('countries of the address form', () => {
  it('are exactly the ISO codes the server accepts (i18n-iso-countries)', () => {
    const server = Object.keys(countriesLib.getAlpha2Codes()).sort()
    expect(countryCodes().slice().sort()).toEqual(server)
  })

  it('are named and sorted in the reader’s language', () => {
    const list = countries('de')
    expect(list.find((c) => c.code === 'DE')?.name).toBe('Deutschland')
    const names = list.map((c) => c.name)
    expect(names).toEqual([...names].sort(new Intl.Collator('de').compare))
    expect(countryName('SA', 'ar')).toBe('المملكة العربية السعودية')
  })

  it('start from the region of the browser language', () => {
    expect(defaultCountry(['en-GB', 'en'])).toBe('GB')
    expect(defaultCountry(['ar'])).toBe('EG')
    expect(defaultCountry(['xx-invalid-@'])).toBe('')
  })
})

describe('countryList', () => {
  it('names and joins a shop’s delivery countries as the language lists them, the first few of a long list', () => {
    expect(countryList(['DE', 'AT'], 'en')).toBe('Germany and Austria')
    expect(countryList(['DE', 'AT'], 'de')).toBe('Deutschland und Österreich')
    expect(countryList(['DE', 'AT', 'FR'], 'en', 2)).toBe('Germany and Austria …')
  })
})
