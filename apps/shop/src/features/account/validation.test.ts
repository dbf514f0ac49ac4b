import * as auth from '@bazaar/contract/auth'
import { describe, expect, it } from 'vitest'
import { codeProblem, emailProblem, nicknameProblem, passwordProblem, paymentPasswordProblem } from './validation'

describe('form checks before sending (SPEC §5)', () => {
  it('accepts emails the contract accepts and refuses malformed ones', () => {
    for (const email of ['a@b.co', ' Name.Last+tag@example.com ', 'x@sub.example.org']) {
      expect(emailProblem(email)).toBeUndefined()
      expect(auth.LoginBody.safeParse({ email, password: 'x' }).success).toBe(true)
    }
    for (const email of ['', 'plain', 'a@b', '@b.co', 'a b@c.co', `${'x'.repeat(250)}@b.co`]) expect(emailProblem(email)).toBe('email')
  })

  it('takes passwords of 6 to 30 characters, the server rule (the hint says 6 to 18)', () => {
    expect(passwordProblem('12345')).toBe('password')
    expect(passwordProblem('123456')).toBeUndefined()
    expect(passwordProblem('x'.repeat(30))).toBeUndefined()
    expect(passwordProblem('x'.repeat(31))).toBe('password')
  })

  it('takes 6-digit codes only', () => {
    expect(codeProblem('123456')).toBeUndefined()
    expect(codeProblem(' 123456 ')).toBeUndefined()
    expect(codeProblem('12345')).toBe('code')
    expect(codeProblem('12345a')).toBe('code')
  })

  it('takes nicknames of 2 to 24 characters, counting letters rather than UTF-16 units', () => {
    expect(nicknameProblem('a')).toBe('nickname')
    expect(nicknameProblem('李明')).toBeUndefined()
    expect(nicknameProblem('😀'.repeat(24))).toBeUndefined()
    expect(nicknameProblem('x'.repeat(25))).toBe('nickname')
  })

  it('takes payment passwords of exactly 6 digits', () => {
    expect(paymentPasswordProblem('000000')).toBeUndefined()
    expect(paymentPasswordProblem('00000')).toBe('paypass')
    expect(paymentPasswordProblem('00000a')).toBe('paypass')
  })
})
