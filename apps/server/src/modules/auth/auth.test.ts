import { CodeSent, Me, Session } from '@bazaar/contract/auth'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, freshIp, type TestApp } from '../../test/app-harness.ts'
import { testDialects } from '../../test/databases.ts'
import { lastCodeFor, readOutbox } from '../../test/outbox.ts'

describe.each(await testDialects())('accounts on %s', (dialect) => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp(dialect)
  })
  afterAll(async () => t?.close())

  /** Registers an account through the real flow (code read from the outbox) and returns its session. */
  async function registerUser(email: string, password = 'secret-pass-123', extra: object = {}) {
    const ip = freshIp()
    await t.post('/api/auth/codes', { purpose: 'register', email }, { ip, schema: CodeSent })
    const code = await lastCodeFor(t.dataDir, email)
    const res = await t.post('/api/auth/register', { email, password, code, agreed: true, ...extra }, { ip, schema: Session })
    return res.body.data
  }

  describe('registration', () => {
    it('mails a 6-digit code to the outbox and registers with it, logged in at once', async () => {
      const session = await registerUser('Ana@Example.com'.toLowerCase())
      const mail = (await readOutbox(t.dataDir)).find((m) => m.to?.[0]?.address === 'ana@example.com')
      expect(mail?.subject).toMatch(/registration code/)
      const me = await t.get('/api/me', { token: session.token, schema: Me })
      expect(me.body.data).toMatchObject({ email: 'ana@example.com', role: 'buyer', hasPaymentPassword: false })
      expect(me.body.data.invitationCode).toMatch(/^[A-Z2-9]{8}$/)
    })

    it("refuses a second code within 60 s with 'Send Frequently' and mails nothing", async () => {
      const ip = freshIp()
      await t.post('/api/auth/codes', { purpose: 'register', email: 'fast@example.com' }, { ip })
      const before = (await readOutbox(t.dataDir)).length
      expect(await t.post('/api/auth/codes', { purpose: 'register', email: 'fast@example.com' }, { ip })).toMatchObject({
        status: 429,
        body: { msg: 'Send Frequently' },
      })
      expect((await readOutbox(t.dataDir)).length).toBe(before)
    })

    it('takes a code once, for its purpose only, within 10 minutes, and not after 5 wrong tries', async () => {
      const ip = freshIp()
      const email = 'codes@example.com'
      await t.post('/api/auth/codes', { purpose: 'register', email }, { ip })
      const code = await lastCodeFor(t.dataDir, email)
      const wrong = code === '000000' ? '111111' : '000000'
      for (let i = 0; i < 5; i++) {
        expect(await t.post('/api/auth/register', { email, password: 'secret-pass-123', code: wrong, agreed: true }, { ip })).toMatchObject(
          {
            status: 400,
            body: { msg: 'Captcha incorrect' },
          },
        )
      }
      expect(
        await t.post('/api/auth/register', { email, password: 'secret-pass-123', code, agreed: true }, { ip: freshIp() }),
      ).toMatchObject({
        body: { msg: 'Captcha incorrect' },
      })
      expect(await t.db.kysely.selectFrom('users').select('id').where('email', '=', email).executeTakeFirst()).toBeUndefined()

      await t.db.kysely.updateTable('email_codes').set({ created_at_ms: 0 }).where('email', '=', email).execute()
      await t.post('/api/auth/codes', { purpose: 'register', email }, { ip })
      const fresh = await lastCodeFor(t.dataDir, email)
      await t.db.kysely
        .updateTable('email_codes')
        .set({ expires_at_ms: Date.now() - 1 })
        .where('email', '=', email)
        .execute()
      expect(
        await t.post('/api/auth/register', { email, password: 'secret-pass-123', code: fresh, agreed: true }, { ip: freshIp() }),
      ).toMatchObject({ body: { msg: 'Captcha incorrect' } })
    })

    it('refuses a taken email (like a wrong code), a short or long password, a bad email, no agreement, and an unknown invitation code', async () => {
      await registerUser('taken@example.com')
      const ip = freshIp()
      expect(
        await t.post(
          '/api/auth/register',
          { email: 'taken@example.com', password: 'another-pass-1', code: '123456', agreed: true },
          { ip },
        ),
      ).toMatchObject({
        status: 400,
        body: { msg: 'Captcha incorrect' },
      })
      const base = { email: 'new@example.com', password: 'secret-pass-123', code: '123456', agreed: true }
      expect(await t.post('/api/auth/register', { ...base, password: '1234567' }, { ip })).toMatchObject({
        status: 400,
        body: { msg: 'Password must be 8 to 64 characters' },
      })
      expect(await t.post('/api/auth/register', { ...base, password: 'x'.repeat(65) }, { ip })).toMatchObject({
        body: { msg: 'Password must be 8 to 64 characters' },
      })
      expect(await t.post('/api/auth/register', { ...base, email: 'not-an-email' }, { ip })).toMatchObject({
        body: { msg: 'Email incorrect' },
      })
      expect(await t.post('/api/auth/register', { ...base, agreed: false }, { ip })).toMatchObject({ status: 400, body: { code: 0 } })
      expect(await t.post('/api/auth/register', { ...base, invitationCode: 'NOPE2345' }, { ip })).toMatchObject({
        body: { msg: 'Invitation code does not exist' },
      })
    })

    it('records who invited whom', async () => {
      const inviter = await registerUser('inviter@example.com')
      const invited = await registerUser('invited@example.com', 'secret-pass-123', {
        invitationCode: inviter.user.invitationCode.toLowerCase(),
      })
      const row = await t.db.kysely
        .selectFrom('users')
        .select('invited_by_user_id')
        .where('id', '=', invited.user.id)
        .executeTakeFirstOrThrow()
      expect(row.invited_by_user_id).toBe(inviter.user.id)
    })
  })

  describe('login and sessions', () => {
    it("logs in with the right password, refuses a wrong one or an unknown email with 'Incorrect account'", async () => {
      await registerUser('login@example.com', 'right-password')
      const ip = freshIp()
      const ok = await t.post('/api/auth/login', { email: 'LOGIN@example.com', password: 'right-password' }, { ip, schema: Session })
      expect(ok.body.data.token).toMatch(/^[\w-]{43}$/)
      expect(await t.post('/api/auth/login', { email: 'login@example.com', password: 'wrong-password' }, { ip })).toMatchObject({
        status: 400,
        body: { msg: 'Incorrect account' },
      })
      expect(await t.post('/api/auth/login', { email: 'nobody@example.com', password: 'right-password' }, { ip })).toMatchObject({
        status: 400,
        body: { msg: 'Incorrect account' },
      })
      const stored = await t.db.kysely.selectFrom('sessions').select('token_hash').execute()
      expect(stored.some((s) => s.token_hash === ok.body.data.token)).toBe(false)
    })

    it('refuses the 11th try within 15 minutes even with the right password, until the window passes', async () => {
      const { user } = await registerUser('brute@example.com', 'right-password')
      for (let i = 0; i < 10; i++) {
        expect((await t.post('/api/auth/login', { email: 'brute@example.com', password: `guess-${i}` }, { ip: freshIp() })).body.msg).toBe(
          'Incorrect account',
        )
      }
      expect(await t.post('/api/auth/login', { email: 'brute@example.com', password: 'right-password' }, { ip: freshIp() })).toMatchObject({
        status: 429,
        body: { msg: 'Too many requests' },
      })
      await t.db.kysely
        .updateTable('users')
        .set({ failed_login_window_start_ms: Date.now() - 15 * 60_000 - 1 })
        .where('id', '=', user.id)
        .execute()
      expect(
        (await t.post('/api/auth/login', { email: 'brute@example.com', password: 'right-password' }, { ip: freshIp() })).body.code,
      ).toBe(1)
    })

    it('limits login attempts per client address with a 429 key', async () => {
      const ip = freshIp()
      const statuses: number[] = []
      for (let i = 0; i < 21; i++)
        statuses.push((await t.post('/api/auth/login', { email: `x${i}@example.com`, password: 'whatever' }, { ip })).status)
      expect(statuses.slice(0, 20).every((s) => s === 400)).toBe(true)
      expect(statuses[20]).toBe(429)
    })

    it('refuses a locked account with its key, and its sessions stop working', async () => {
      const { token, user } = await registerUser('locked@example.com', 'right-password')
      await t.db.kysely.updateTable('users').set({ status: 'locked' }).where('id', '=', user.id).execute()
      expect(await t.post('/api/auth/login', { email: 'locked@example.com', password: 'right-password' }, { ip: freshIp() })).toMatchObject(
        { status: 403, body: { msg: 'Account is locked' } },
      )
      expect(await t.get('/api/me', { token })).toMatchObject({ status: 401, body: { code: 401 } })
    })

    it('ends a session at logout and at expiry; no token gets 401 with code 401', async () => {
      const { token } = await registerUser('logout@example.com')
      expect(await t.get('/api/me')).toMatchObject({ status: 401, body: { code: 401, msg: 'Please log in' } })
      expect((await t.post('/api/auth/logout', {}, { token })).body.code).toBe(1)
      expect((await t.get('/api/me', { token })).status).toBe(401)
      const second = await registerUser('expiry@example.com')
      await t.db.kysely
        .updateTable('sessions')
        .set({ expires_at_ms: Date.now() - 1 })
        .where('user_id', '=', second.user.id)
        .execute()
      expect((await t.get('/api/me', { token: second.token })).status).toBe(401)
    })

    it('resets a forgotten password by a code to the account address alone and ends every session', async () => {
      const { token } = await registerUser('forgot@example.com', 'old-password')
      const ip = freshIp()
      await t.post('/api/auth/codes', { purpose: 'reset_password', email: 'forgot@example.com' }, { ip })
      const code = await lastCodeFor(t.dataDir, 'forgot@example.com')
      expect(
        (await t.post('/api/auth/password/reset', { email: 'forgot@example.com', code, password: 'new-password' }, { ip })).body.code,
      ).toBe(1)
      expect((await t.get('/api/me', { token })).status).toBe(401)
      expect((await t.post('/api/auth/login', { email: 'forgot@example.com', password: 'new-password' }, { ip })).body.code).toBe(1)
      expect((await t.post('/api/auth/login', { email: 'forgot@example.com', password: 'old-password' }, { ip })).body.msg).toBe(
        'Incorrect account',
      )
    })

    it('translates an error with the lang header and keeps the key in msg', async () => {
      const res = await t.post(
        '/api/auth/login',
        { email: 'nobody@example.com', password: 'whatever' },
        { ip: freshIp(), headers: { lang: 'arabic' } },
      )
      expect(res.body.msg).toBe('Incorrect account')
      expect(res.body.data).toMatchObject({ message: expect.stringMatching(/\S/) })
    })
  })
})
