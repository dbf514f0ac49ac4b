import * as auth from '@bazaar/contract/auth'
import { describe, expect, it } from 'vitest'
import * as local from './constraints'

// The pages import the zod-free copies (bundle size, BENCH B2); they must not drift.
describe('account constraints', () => {
  it('equal the contract (auth.ts)', () => {
    expect(local.passwordMinLength).toBe(auth.passwordMinLength)
    expect(local.passwordMaxLength).toBe(auth.passwordMaxLength)
    expect(local.codeLength).toBe(auth.codeLength)
    expect(local.codeResendMs).toBe(auth.codeResendMs)
    expect(local.articleSlugs).toEqual(auth.articleSlugs)
  })

  it('accept and refuse nicknames and payment passwords as the contract does', () => {
    for (const nickname of ['ab', 'x'.repeat(24), 'a', 'x'.repeat(25), '  ok  ', 'tab\tname']) {
      const contract = auth.NicknameBody.safeParse({ nickname }).success
      expect([nickname, contract]).toEqual([
        nickname,
        [...nickname.trim()].length >= local.nicknameMinLength &&
          [...nickname.trim()].length <= local.nicknameMaxLength &&
          !/\p{C}/u.test(nickname.trim()),
      ])
    }
    for (const pin of ['123456', '12345', '1234567', '12a456']) {
      expect(auth.PaymentPassword.safeParse(pin).success).toBe(pin.length === local.paymentPasswordLength && /^\d+$/.test(pin))
    }
  })
})
