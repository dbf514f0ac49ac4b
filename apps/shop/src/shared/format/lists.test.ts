import { describe, expect, it } from 'vitest'
import { joinParts, listSeparator } from './lists'

describe('listSeparator', () => {
  it('is the locale’s own mark between list items, without its word for “and”', () => {
    expect(listSeparator('en')).toBe(', ')
    expect(listSeparator('de')).toBe(', ')
    expect(listSeparator('ar')).toBe('، ')
    expect(listSeparator('ja')).toBe('、')
    expect(listSeparator('zh-Hans')).toBe('、')
    expect(listSeparator('ko')).toBe(', ')
  })

  it('falls back to a comma where a locale separates with spaces alone', () => {
    expect(listSeparator('th')).toBe(', ')
  })
})

describe('joinParts', () => {
  it('joins the non-empty parts of an address: Arabic with its own comma, never a Latin one', () => {
    expect(joinParts(['دبي', '', 'دبي', 'الإمارات'], 'ar')).toBe('دبي، دبي، الإمارات')
    expect(joinParts(['Dubai', 'Dubai', '00000'], 'en')).toBe('Dubai, Dubai, 00000')
  })
})
