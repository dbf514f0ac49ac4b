import { describe, expect, it } from 'vitest'
import { interfaceLocales, readPreference, resolvePreference, specCode } from './preference'

function storageWith(value: string | null) {
  return { getItem: () => value }
}

describe('language preference (SPEC §1: automatic plus the interface languages)', () => {
  it("follows the system's languages in 'automatic', first known one wins", () => {
    expect(resolvePreference('automatic', ['ar-EG', 'en-US'])).toBe('ar')
    expect(resolvePreference('automatic', ['xx-YY', 'zh-TW'])).toBe('zh-Hant')
    expect(resolvePreference('automatic', ['pt-BR'])).toBe('pt')
  })

  it('falls back to English when no system language is known', () => {
    expect(resolvePreference('automatic', ['xx'])).toBe('en')
    expect(resolvePreference('automatic', [])).toBe('en')
  })

  it('keeps a chosen language whatever the system says', () => {
    expect(resolvePreference('ja', ['de-DE'])).toBe('ja')
  })

  it("reads stored SPEC codes as their tags, and anything unknown as 'automatic'", () => {
    expect(readPreference(storageWith('arabic'))).toBe('ar')
    expect(readPreference(storageWith('kor'))).toBe('ko')
    expect(readPreference(storageWith('automatic'))).toBe('automatic')
    expect(readPreference(storageWith('klingon'))).toBe('automatic')
    expect(readPreference(storageWith(null))).toBe('automatic')
  })

  it('sends the SPEC code in the lang header', () => {
    expect(specCode('ar')).toBe('arabic')
    expect(specCode('ja')).toBe('jp')
    expect(specCode('en')).toBe('en')
  })

  it('offers the nine interface languages (ten choices with automatic)', () => {
    expect(interfaceLocales.map((l) => l.bcp47)).toEqual(['en', 'zh-Hans', 'zh-Hant', 'ar', 'ko', 'ja', 'de', 'th', 'hi'])
  })
})
