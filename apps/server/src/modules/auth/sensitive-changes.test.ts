import { CodeSent, Me, Session } from '@bazaar/contract/auth'
import { WithdrawalAddress } from '@bazaar/contract/wallet'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, freshIp, type TestApp } from '../../test/app-harness.ts'
import { testDialects } from '../../test/databases.ts'
import { lastCodeFor, readOutbox } from '../../test/outbox.ts'
import { tronAddress } from '../../test/wallet-helpers.ts'

/**
 * Sensitive changes (ARCHITECTURE.md, Decisions): changing the e-mail, the login password, the
 * payment password or adding a withdrawal address needs the current password as well as the
 * e-mail code, tells the old address (time and IP) once committed, and ends the other
 * sessions. A stolen session token alone changes nothing.
 */
describe.each(await testDialects())('sensitive changes on %s', (dialect) => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp(dialect)
  })
  afterAll(async () => t?.close())

  const password = 'current-password-1'

  /** Registers an account and opens a second session for it (the thief's copy, or another device). */
  async function twoSessions(email: string) {
    const ip = freshIp()
    await t.post('/api/auth/codes', { purpose: 'register', email }, { ip, schema: CodeSent })
    const code = await lastCodeFor(t.dataDir, email)
    const first = (await t.post('/api/auth/register', { email, password, code, agreed: true }, { ip, schema: Session })).body.data
    const second = (await t.post('/api/auth/login', { email, password }, { ip: freshIp(), schema: Session })).body.data
    return { token: first.token, other: second.token, userId: first.user.id }
  }

  /** Asks for a code of a logged-in purpose (to `to` for change_email) and reads it from the outbox. */
  async function codeFor(token: string, purpose: string, to: string) {
    const body = purpose === 'change_email' ? { purpose, email: to } : { purpose }
    await t.post('/api/auth/codes', body, { token, ip: freshIp(), schema: CodeSent })
    return lastCodeFor(t.dataDir, to)
  }

  /** The newest notice mailed to `email` (not a code). */
  async function noticeTo(email: string) {
    const mails = (await readOutbox(t.dataDir)).filter((m) => m.to?.some((to) => to.address === email))
    return mails.filter((m) => !/verification code is/.test(m.text ?? '')).at(-1)
  }

  const alive = async (token: string) => (await t.get('/api/me', { token })).status === 200

  it('refuses a new e-mail with a stolen token: the code to the new address is not enough without the password', async () => {
    const { token } = await twoSessions('victim@example.com')
    const code = await codeFor(token, 'change_email', 'thief@example.com')
    expect(await t.post('/api/me/email', { email: 'thief@example.com', code }, { token })).toMatchObject({
      status: 400,
      body: { msg: 'Invalid parameters' },
    })
    expect(await t.post('/api/me/email', { email: 'thief@example.com', code, currentPassword: 'a-guess-123' }, { token })).toMatchObject({
      status: 400,
      body: { msg: 'Password incorrect' },
    })
    expect((await t.get('/api/me', { token, schema: Me })).body.data.email).toBe('victim@example.com')
  })

  it('changes the e-mail with the password and the code to the new address; tells the old one; ends the other sessions', async () => {
    const { token, other } = await twoSessions('moving@example.com')
    const code = await codeFor(token, 'change_email', 'moved@example.com')
    const ip = '203.0.113.7'
    const res = await t.post('/api/me/email', { email: 'moved@example.com', code, currentPassword: password }, { token, ip, schema: Me })
    expect(res.body.data.email).toBe('moved@example.com')
    expect(await alive(token)).toBe(true)
    expect(await alive(other)).toBe(false)
    const notice = await noticeTo('moving@example.com')
    expect(notice?.subject).toMatch(/e-mail/i)
    expect(notice?.text).toContain(ip)
    expect(notice?.text).toContain(new Date().toISOString().slice(0, 10))
    expect(notice?.text).toContain('m***@example.com')
  })

  it('changes the login password with the current password and a code; tells the address; a fresh session for this device only', async () => {
    const { token, other } = await twoSessions('pw-change@example.com')
    const code = await codeFor(token, 'change_password', 'pw-change@example.com')
    expect(
      (await t.post('/api/me/password', { code, currentPassword: 'not-it-at-all', password: 'brand-new-password' }, { token })).body.msg,
    ).toBe('Password incorrect')
    const res = await t.post(
      '/api/me/password',
      { code, currentPassword: password, password: 'brand-new-password' },
      { token, ip: '198.51.100.4', schema: Session },
    )
    expect(await alive(res.body.data.token)).toBe(true)
    expect(await alive(token)).toBe(false)
    expect(await alive(other)).toBe(false)
    expect((await noticeTo('pw-change@example.com'))?.text).toContain('198.51.100.4')
  })

  it('sets the payment password only with the current password and a code; tells the address; ends the other sessions', async () => {
    const { token, other } = await twoSessions('pin-change@example.com')
    const code = await codeFor(token, 'payment_password', 'pin-change@example.com')
    expect((await t.post('/api/me/payment-password', { code, paymentPassword: '135790' }, { token })).body.msg).toBe('Invalid parameters')
    expect(
      (await t.post('/api/me/payment-password', { code, currentPassword: 'wrong-guess-1', paymentPassword: '135790' }, { token })).body.msg,
    ).toBe('Password incorrect')
    const res = await t.post(
      '/api/me/payment-password',
      { code, currentPassword: password, paymentPassword: '135790' },
      { token, ip: '192.0.2.55', schema: Me },
    )
    expect(res.body.data.hasPaymentPassword).toBe(true)
    expect(await alive(token)).toBe(true)
    expect(await alive(other)).toBe(false)
    expect((await noticeTo('pin-change@example.com'))?.text).toContain('192.0.2.55')
  })

  it('saves a withdrawal address only with the current password and a code of its own purpose; ends the other sessions', async () => {
    const { token, other } = await twoSessions('address-add@example.com')
    const body = { networkCode: 'TRC20', address: tronAddress }
    expect((await t.post('/api/wallet/addresses', body, { token })).body.msg).toBe('Invalid parameters')
    const wrongPurpose = await codeFor(token, 'payment_password', 'address-add@example.com')
    expect((await t.post('/api/wallet/addresses', { ...body, code: wrongPurpose, currentPassword: password }, { token })).body.msg).toBe(
      'Captcha incorrect',
    )
    const code = await codeFor(token, 'withdrawal_address', 'address-add@example.com')
    expect((await t.post('/api/wallet/addresses', { ...body, code, currentPassword: 'wrong-guess-1' }, { token })).body.msg).toBe(
      'Password incorrect',
    )
    const saved = await t.post('/api/wallet/addresses', { ...body, code, currentPassword: password }, { token, schema: WithdrawalAddress })
    expect(saved.body.data.address).toBe(tronAddress)
    expect(await alive(token)).toBe(true)
    expect(await alive(other)).toBe(false)
    expect((await noticeTo('address-add@example.com'))?.text).toContain(tronAddress.slice(0, 6))
    // The code worked once.
    expect((await t.post('/api/wallet/addresses', { ...body, code, currentPassword: password }, { token })).body.msg).toBe(
      'Captcha incorrect',
    )
  })
})
