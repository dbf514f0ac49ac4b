import { describe, expect, it } from 'vitest'
import { loginHref, registerHref, safeRedirect, withRedirect } from '../../shared/paths'

describe('the way back after login (SPEC §4 Session, §6 Visitor)', () => {
  it('accepts pages of this app with their query', () => {
    expect(safeRedirect('/pages/member/money')).toBe('/pages/member/money')
    expect(safeRedirect('/pages/product/goods?id=12')).toBe('/pages/product/goods?id=12')
  })

  it('refuses anything that could leave the app or loop into login again', () => {
    for (const raw of [null, '', 'https://evil.test', '//evil.test/pages/x', '/pages//evil', '/\\evil', 'javascript:alert(1)', '/api/me']) {
      expect(safeRedirect(raw)).toBeUndefined()
    }
    expect(safeRedirect('/pages/login/login?redirect=/pages/cart')).toBeUndefined()
    expect(safeRedirect('/pages/login/register')).toBeUndefined()
    expect(safeRedirect('/pages/member/forgot')).toBeUndefined()
  })

  it('builds login, register and other links with the way back encoded', () => {
    expect(loginHref('/pages/member/money?type=refund')).toBe('/pages/login/login?redirect=%2Fpages%2Fmember%2Fmoney%3Ftype%3Drefund')
    expect(loginHref('/pages/login/login')).toBe('/pages/login/login')
    expect(registerHref({ invite: 'AB12', redirect: '/pages/cart' })).toBe('/pages/login/register?invite=AB12&redirect=%2Fpages%2Fcart')
    expect(withRedirect('/pages/member/paypass_edit', 'https://evil.test')).toBe('/pages/member/paypass_edit')
  })
})
