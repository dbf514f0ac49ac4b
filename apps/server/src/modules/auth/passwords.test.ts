import { CodeSent, Me, Session } from '@bazaar/contract/auth'
import { hash } from '@node-rs/argon2'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, freshIp, type TestApp } from '../../test/app-harness.ts'
import { testDialects } from '../../test/databases.ts'
import { lastCodeFor, readOutbox } from '../../test/outbox.ts'
import { withoutRequestId } from '../../test/replies.ts'
import { createOperator } from '../admin/service.ts'

/**
 * Password rules (ARCHITECTURE.md, Passwords; OWASP ASVS 2.1): 8 to 64 characters, not all
 * whitespace, not a common password; older short passwords still log in and are asked to
 * change. Payment passwords refuse repeats and straight runs. Registration and reset codes
 * answer the same whether the address has an account or not.
 */
describe.each(await testDialects())('password rules and account privacy on %s', (dialect) => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp(dialect)
  })
  afterAll(async () => t?.close())

  const base = { email: 'rules@example.com', code: '123456', agreed: true }
  const register = (password: string) => t.post('/api/auth/register', { ...base, password }, { ip: freshIp() })

  it('refuses passwords shorter than 8 or longer than 64 characters, all whitespace, or common', async () => {
    expect(await register('123456')).toMatchObject({ status: 400, body: { msg: 'Password must be 8 to 64 characters' } })
    expect((await register('      ')).body.msg).toBe('Password must be 8 to 64 characters')
    expect((await register('        ')).body.msg).toBe('Password cannot be only spaces')
    expect((await register('x'.repeat(65))).body.msg).toBe('Password must be 8 to 64 characters')
    expect((await register('password1')).body.msg).toBe('Password is too common')
    expect((await register('Secret123')).body.msg).toBe('Password is too common')
    // 64 characters and a long emoji passphrase are fine (only the code then fails).
    expect((await register('x'.repeat(64))).body.msg).toBe('Captcha incorrect')
    expect((await register('🐱🐶🐭🐹🐰🦊🐻🐼')).body.msg).toBe('Captcha incorrect')
  })

  it('logs in an account with an older 6-character password and asks it to choose a new one', async () => {
    const row = await t.db.kysely
      .insertInto('users')
      .values({
        email: 'old-short@example.com',
        password_hash: await hash('abc123'),
        nickname: 'old_short',
        invitation_code: 'OLDSHORT',
        payment_password_hash: null,
        created_at_ms: Date.now(),
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    const session = await t.post(
      '/api/auth/login',
      { email: 'old-short@example.com', password: 'abc123' },
      { ip: freshIp(), schema: Session },
    )
    expect(session.body.data.user.mustChangePassword).toBe(true)
    const token = session.body.data.token
    expect((await t.get('/api/me', { token, schema: Me })).body.data.mustChangePassword).toBe(true)
    await t.post('/api/auth/codes', { purpose: 'change_password' }, { token, ip: freshIp(), schema: CodeSent })
    const code = await lastCodeFor(t.dataDir, 'old-short@example.com')
    const changed = await t.post(
      '/api/me/password',
      { code, currentPassword: 'abc123', password: 'a-much-longer-one' },
      { token, ip: freshIp(), schema: Session },
    )
    expect(changed.body.data.user.mustChangePassword).toBe(false)
    expect(row.id).toBe(changed.body.data.user.id)
  })

  it('keeps the operators at 12 characters at least', async () => {
    await expect(createOperator(t.db, { email: 'short-ops@example.com', password: 'eleven-char' })).rejects.toThrow(/12/)
  })

  it('refuses a payment password of one digit repeated or a straight run', async () => {
    const email = 'simple-pin@example.com'
    const ip = freshIp()
    await t.post('/api/auth/codes', { purpose: 'register', email }, { ip, schema: CodeSent })
    const code = await lastCodeFor(t.dataDir, email)
    const { token } = (
      await t.post('/api/auth/register', { email, password: 'pin-rules-password', code, agreed: true }, { ip, schema: Session })
    ).body.data
    await t.post('/api/auth/codes', { purpose: 'payment_password' }, { token, ip: freshIp(), schema: CodeSent })
    const pinCode = await lastCodeFor(t.dataDir, email)
    for (const pin of ['000000', '777777', '123456', '345678', '654321', '987654']) {
      expect(
        await t.post('/api/me/payment-password', { code: pinCode, currentPassword: 'pin-rules-password', paymentPassword: pin }, { token }),
      ).toMatchObject({ status: 400, body: { msg: 'Payment password too simple' } })
    }
    const res = await t.post(
      '/api/me/payment-password',
      { code: pinCode, currentPassword: 'pin-rules-password', paymentPassword: '120934' },
      { token, schema: Me },
    )
    expect(res.body.data.hasPaymentPassword).toBe(true)
  })

  describe('who has an account stays private', () => {
    const mailsTo = async (email: string) => (await readOutbox(t.dataDir)).filter((m) => m.to?.some((to) => to.address === email))

    it('answers a registration code request the same for a taken address, and mails its owner a notice, not a code', async () => {
      const email = 'owner@example.com'
      const ip = freshIp()
      await t.post('/api/auth/codes', { purpose: 'register', email }, { ip, schema: CodeSent })
      const code = await lastCodeFor(t.dataDir, email)
      await t.post('/api/auth/register', { email, password: 'owner-password-1', code, agreed: true }, { ip, schema: Session })
      await t.db.kysely.updateTable('email_codes').set({ created_at_ms: 0 }).where('email', '=', email).execute()

      const taken = await t.post('/api/auth/codes', { purpose: 'register', email }, { ip: freshIp() })
      const free = await t.post('/api/auth/codes', { purpose: 'register', email: 'nobody-yet@example.com' }, { ip: freshIp() })
      expect(withoutRequestId(taken)).toEqual(withoutRequestId(free))
      const notice = (await mailsTo(email)).at(-1)
      expect(notice?.text).not.toMatch(/\b\d{6}\b/)
      expect(notice?.subject).toMatch(/already/i)
      // A second request within 60 s is refused alike for both.
      const again = await t.post('/api/auth/codes', { purpose: 'register', email }, { ip: freshIp() })
      const freeAgain = await t.post('/api/auth/codes', { purpose: 'register', email: 'nobody-yet@example.com' }, { ip: freshIp() })
      expect(withoutRequestId(again)).toEqual(withoutRequestId(freeAgain))
      expect(again.body.msg).toBe('Send Frequently')
      // Registering the taken address just fails on the code.
      expect(
        (await t.post('/api/auth/register', { email, password: 'another-password', code: '123456', agreed: true }, { ip: freshIp() })).body
          .msg,
      ).toBe('Captcha incorrect')
    })

    it('answers a reset code request the same for an unknown address, mails nothing there, and the reset fails on the code', async () => {
      const unknown = await t.post('/api/auth/codes', { purpose: 'reset_password', email: 'ghost@example.com' }, { ip: freshIp() })
      const known = await t.post('/api/auth/codes', { purpose: 'reset_password', email: 'owner@example.com' }, { ip: freshIp() })
      expect(unknown).toEqual(known)
      expect(await mailsTo('ghost@example.com')).toEqual([])
      expect(
        (
          await t.post(
            '/api/auth/password/reset',
            { email: 'ghost@example.com', code: '123456', password: 'whatever-it-is' },
            { ip: freshIp() },
          )
        ).body.msg,
      ).toBe('Captcha incorrect')
    })
  })
})
