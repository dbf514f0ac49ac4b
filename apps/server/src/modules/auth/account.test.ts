import { Article, CodeSent, Me, Session } from '@bazaar/contract/auth'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, freshIp, type TestApp } from '../../test/app-harness.ts'
import { testDialects } from '../../test/databases.ts'
import { lastCodeFor } from '../../test/outbox.ts'

describe.each(await testDialects())('security settings on %s', (dialect) => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp(dialect)
  })
  afterAll(async () => t?.close())

  async function registerUser(email: string, password = 'secret-pass-123') {
    const ip = freshIp()
    await t.post('/api/auth/codes', { purpose: 'register', email }, { ip, schema: CodeSent })
    const code = await lastCodeFor(t.dataDir, email)
    return (await t.post('/api/auth/register', { email, password, code, agreed: true }, { ip, schema: Session })).body.data
  }

  /** Asks for a code of a logged-in purpose and returns it from the outbox. */
  async function codeFor(token: string, purpose: string, email: string, to = email) {
    expect(
      (await t.post('/api/auth/codes', { purpose, ...(purpose === 'change_email' ? { email: to } : {}) }, { token, ip: freshIp() })).body
        .code,
    ).toBe(1)
    return lastCodeFor(t.dataDir, to)
  }

  it('changes the password with the current password and an email code, ends the old sessions and returns a new one', async () => {
    const { token } = await registerUser('pw@example.com', 'old-password')
    const body = { code: '123456', currentPassword: 'old-password', password: 'new-password' }
    expect(await t.post('/api/me/password', body)).toMatchObject({ status: 401 })
    expect(await t.post('/api/me/password', body, { token })).toMatchObject({
      status: 400,
      body: { msg: 'Captcha incorrect' },
    })
    const code = await codeFor(token, 'change_password', 'pw@example.com')
    expect((await t.post('/api/me/password', { ...body, code, password: 'password123' }, { token })).body.msg).toBe(
      'Password is too common',
    )
    const res = await t.post('/api/me/password', { ...body, code }, { token, schema: Session })
    expect(res.body.code).toBe(1)
    expect((await t.get('/api/me', { token })).status).toBe(401)
    expect((await t.get('/api/me', { token: res.body.data.token, schema: Me })).body.data.email).toBe('pw@example.com')
    expect((await t.post('/api/auth/login', { email: 'pw@example.com', password: 'new-password' }, { ip: freshIp() })).body.code).toBe(1)
  })

  it('sets a 6-digit payment password with the current password and an email code, stored only as a hash', async () => {
    const { token, user } = await registerUser('pay@example.com')
    const code = await codeFor(token, 'payment_password', 'pay@example.com')
    const body = { code, currentPassword: 'secret-pass-123' }
    expect(await t.post('/api/me/payment-password', { ...body, paymentPassword: '12345' }, { token })).toMatchObject({
      status: 400,
      body: { msg: 'payment password error' },
    })
    expect(await t.post('/api/me/payment-password', { ...body, paymentPassword: 'abcdef' }, { token })).toMatchObject({
      body: { msg: 'payment password error' },
    })
    const res = await t.post('/api/me/payment-password', { ...body, paymentPassword: '246810' }, { token, schema: Me })
    expect(res.body.data.hasPaymentPassword).toBe(true)
    const row = await t.db.kysely.selectFrom('users').select('payment_password_hash').where('id', '=', user.id).executeTakeFirstOrThrow()
    expect(row.payment_password_hash).toMatch(/^hmac-sha256\$[0-9a-f]{64}$/)
    expect(await t.post('/api/me/payment-password', { ...body, paymentPassword: '135790' }, { token })).toMatchObject({
      body: { msg: 'Captcha incorrect' },
    })
  })

  it('moves the account to a new email proven by the password and a code sent there; a taken one fails like a wrong code', async () => {
    const { token } = await registerUser('old@example.com')
    await registerUser('other@example.com')
    const currentPassword = 'secret-pass-123'
    expect(
      (await t.post('/api/auth/codes', { purpose: 'change_email', email: 'other@example.com' }, { token, ip: freshIp() })).body.code,
    ).toBe(1)
    expect((await t.post('/api/me/email', { email: 'other@example.com', code: '123456', currentPassword }, { token })).body.msg).toBe(
      'Captcha incorrect',
    )
    const code = await codeFor(token, 'change_email', 'old@example.com', 'new@example.com')
    expect(
      (await t.post('/api/me/email', { email: 'new@example.com', code, currentPassword }, { token, schema: Me })).body.data.email,
    ).toBe('new@example.com')
    expect((await t.post('/api/auth/login', { email: 'new@example.com', password: 'secret-pass-123' }, { ip: freshIp() })).body.code).toBe(
      1,
    )
    expect((await t.post('/api/auth/login', { email: 'old@example.com', password: 'secret-pass-123' }, { ip: freshIp() })).body.msg).toBe(
      'Incorrect account',
    )
  })

  it("renames the account and refuses a taken nickname with 'Nickname is already taken'", async () => {
    const a = await registerUser('nick-a@example.com')
    const b = await registerUser('nick-b@example.com')
    expect((await t.post('/api/me/nickname', { nickname: '  Sunny Day ' }, { token: a.token, schema: Me })).body.data.nickname).toBe(
      'Sunny Day',
    )
    expect(await t.post('/api/me/nickname', { nickname: 'Sunny Day' }, { token: b.token })).toMatchObject({
      status: 409,
      body: { msg: 'Nickname is already taken' },
    })
    expect(await t.post('/api/me/nickname', { nickname: 'x' }, { token: b.token })).toMatchObject({
      status: 400,
      body: { msg: 'Invalid parameters' },
    })
    expect((await t.get('/api/me', { token: b.token, schema: Me })).body.data.nickname).toBe(b.user.nickname)
  })

  it('cancels an account with its password: data anonymised, sessions ended, the email free again', async () => {
    const { token, user } = await registerUser('leaving@example.com', 'secret-pass-123')
    expect(await t.post('/api/me/cancel', { password: 'wrong-one' }, { token })).toMatchObject({
      status: 400,
      body: { msg: 'Password incorrect' },
    })
    expect((await t.post('/api/me/cancel', { password: 'secret-pass-123' }, { token })).body.code).toBe(1)
    expect((await t.get('/api/me', { token })).status).toBe(401)
    const row = await t.db.kysely
      .selectFrom('users')
      .select(['email', 'nickname', 'status'])
      .where('id', '=', user.id)
      .executeTakeFirstOrThrow()
    expect(row).toEqual({ email: `cancelled-${user.id}@invalid`, nickname: `cancelled-${user.id}`, status: 'cancelled' })
    // The first registration's code is older than the 60 s resend wait by now in real life.
    await t.db.kysely.updateTable('email_codes').set({ created_at_ms: 0 }).where('email', '=', 'leaving@example.com').execute()
    expect((await registerUser('leaving@example.com')).user.id).not.toBe(user.id)
  })

  it('refuses to cancel a merchant account that still has a shop', async () => {
    const merchant = await t.db.kysely.selectFrom('users').select('id').where('role', '=', 'merchant').executeTakeFirstOrThrow()
    await t.db.kysely
      .updateTable('users')
      .set({ password_hash: await (await import('@node-rs/argon2')).hash('merchant-pw') })
      .where('id', '=', merchant.id)
      .execute()
    const email = (await t.db.kysely.selectFrom('users').select('email').where('id', '=', merchant.id).executeTakeFirstOrThrow()).email
    const { token } = (await t.post('/api/auth/login', { email, password: 'merchant-pw' }, { ip: freshIp(), schema: Session })).body.data
    expect(await t.post('/api/me/cancel', { password: 'merchant-pw' }, { token })).toMatchObject({
      status: 409,
      body: { msg: 'Account cannot be cancelled yet' },
    })
    expect((await t.get('/api/me/cancellation', { token })).body.data).toMatchObject({ canCancel: false, ownsShop: true })
  })

  it('serves the user agreement, privacy policy and platform introduction from the database, English as fallback', async () => {
    for (const slug of ['user-agreement', 'privacy-policy', 'platform-introduction', 'about']) {
      const res = await t.get(`/api/articles/${slug}`, { headers: { lang: 'arabic' }, schema: Article })
      expect(res.body.data.title.length).toBeGreaterThan(3)
      expect(res.body.data.body.length).toBeGreaterThan(100)
    }
    await t.db.kysely.insertInto('articles').values({ slug: 'about', locale: 'ar', title: 'حول', body: 'نص', updated_at_ms: 1 }).execute()
    const about = (lang: string) => t.get('/api/articles/about', { headers: { lang }, schema: Article })
    expect((await about('arabic')).body.data).toMatchObject({ locale: 'ar', title: 'حول' })
    expect((await about('de')).body.data.locale).toBe('en')
    expect((await t.get('/api/articles/secret')).status).toBe(400)
  })
})
