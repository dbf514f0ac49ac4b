import * as auth from '@bazaar/contract/auth'
import { describe, expect, it } from 'vitest'
import { codeProblem, currentPasswordProblem, emailProblem, nicknameProblem, passwordProblem, paymentPasswordProblem } from './validation'

describe('form checks before sending (SPEC §5)', () => {
  it('accepts emails the contract accepts and refuses malformed ones', () => {
    for (const email of ['a@b.co', ' Name.Last+tag@example.com ', 'x@sub.example.org']) {
      expect(emailProblem(email)).toBeUndefined()
      expect(auth.LoginBody.safeParse({ email, password: 'x' }).success).toBe(true)
    }
    for (const email of ['', 'plain', 'a@b', '@b.co', 'a b@c.co', `${'x'.repeat(250)}@b.co`]) expect(emailProblem(email)).toBe('email')
  })

  it('takes new passwords of 8 to 64 characters, not only spaces, as the server does (and the hint says)', () => {
    expect(passwordProblem('123456')).toBe('password')
    expect(passwordProblem('      ')).toBe('password')
    expect(passwordProblem('        ')).toBe('passwordBlank')
    expect(passwordProblem('x'.repeat(8))).toBeUndefined()
    expect(passwordProblem('x'.repeat(64))).toBeUndefined()
    expect(passwordProblem('x'.repeat(65))).toBe('password')
    expect(passwordProblem('🐱'.repeat(8))).toBeUndefined()
    const schema = (password: string) => auth.RegisterBody.safeParse({ email: 'a@b.co', password, code: '123456', agreed: true }).success
    for (const password of ['123456', '        ', 'x'.repeat(8), 'x'.repeat(65)])
      expect(schema(password)).toBe(passwordProblem(password) === undefined)
  })

  it('asks for the current password, whatever its length (older accounts may have short ones)', () => {
    expect(currentPasswordProblem('')).toBe('passwordRequired')
    expect(currentPasswordProblem('abc123')).toBeUndefined()
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

  it('takes payment passwords of exactly 6 digits, not repeats nor straight runs', () => {
    expect(paymentPasswordProblem('135790')).toBeUndefined()
    expect(paymentPasswordProblem('00000')).toBe('paypass')
    expect(paymentPasswordProblem('00000a')).toBe('paypass')
    for (const pin of ['000000', '123456', '654321']) expect(paymentPasswordProblem(pin)).toBe('paypassSimple')
  })
})
