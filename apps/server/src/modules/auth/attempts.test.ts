import { CodeSent, Session } from '@bazaar/contract/auth'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApp } from '../../app.ts'
import { loadConfig } from '../../config.ts'
import { createTestApp, freshIp, type TestApp } from '../../test/app-harness.ts'
import { testDialects } from '../../test/databases.ts'
import { lastCodeFor } from '../../test/outbox.ts'
import type { Answer } from '../../test/replies.ts'
import { buyerWithPaymentPassword } from '../../test/wallet-helpers.ts'
import { createOperator } from '../admin/service.ts'

/**
 * Attempt counters under bursts (ARCHITECTURE.md, Passwords): each guess is counted in the
 * same conditional statement that checks the lock, before the secret is compared, so a burst
 * of 100 concurrent guesses gets no more than the limit evaluated, whichever node they reach.
 * A guess that was evaluated answers its own key ('Incorrect account', 'payment password
 * error'); one refused by the lock answers 'Too many requests' / 'Payment password locked'.
 */
describe.each(await testDialects())('attempt counters on %s', (dialect) => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp(dialect)
  })
  afterAll(async () => t?.close())

  const burst = (n: number, send: (i: number) => Promise<Answer>) => Promise.all(Array.from({ length: n }, (_, i) => send(i)))
  const countOf = (replies: Answer[], key: string) => replies.filter((r) => r.body.msg === key).length

  async function registerUser(email: string, password = 'right-password-1') {
    const ip = freshIp()
    await t.post('/api/auth/codes', { purpose: 'register', email }, { ip, schema: CodeSent })
    const code = await lastCodeFor(t.dataDir, email)
    return (await t.post('/api/auth/register', { email, password, code, agreed: true }, { ip, schema: Session })).body.data
  }

  it('evaluates at most 10 of 100 concurrent wrong logins, over two nodes; the right password is then refused too', async () => {
    const { user } = await registerUser('burst-login@example.com')
    const config = loadConfig({ DATA_DIR: t.dataDir, NODE_ENV: 'test', SHOP_DIST_DIR: '/nonexistent', ADMIN_DIST_DIR: '/nonexistent' })
    const nodeB = await buildApp({ config, db: t.db })
    try {
      const replies = await burst(100, async (i) => {
        const payload = { email: 'burst-login@example.com', password: `wrong-guess-${i}` }
        if (i % 2 === 0) return t.post('/api/auth/login', payload, { ip: freshIp() })
        const { readReply } = await import('../../test/replies.ts')
        return readReply(await nodeB.inject({ method: 'POST', url: '/api/auth/login', payload, remoteAddress: freshIp() }))
      })
      expect({ evaluated: countOf(replies, 'Incorrect account'), refused: countOf(replies, 'Too many requests') }).toEqual({
        evaluated: 10,
        refused: 90,
      })
    } finally {
      await nodeB.close()
    }
    const row = await t.db.kysely.selectFrom('users').select('failed_logins').where('id', '=', user.id).executeTakeFirstOrThrow()
    expect(row.failed_logins).toBe(10)
    expect(
      await t.post('/api/auth/login', { email: 'burst-login@example.com', password: 'right-password-1' }, { ip: freshIp() }),
    ).toMatchObject({ status: 429, body: { msg: 'Too many requests' } })
  })

  it('resets the login counter on success: 9 wrong, the right one, then 10 more are evaluated', async () => {
    await registerUser('reset-login@example.com')
    const login = (password: string) => t.post('/api/auth/login', { email: 'reset-login@example.com', password }, { ip: freshIp() })
    for (let i = 0; i < 9; i++) expect((await login(`nope-${i}`)).body.msg).toBe('Incorrect account')
    expect((await login('right-password-1')).body.code).toBe(1)
    const replies = await burst(20, (i) => login(`again-${i}`))
    expect(countOf(replies, 'Incorrect account')).toBe(10)
  })

  it('counts the current password of sensitive changes in the same lock: 100 concurrent wrong ones, at most 10 evaluated', async () => {
    const { token } = await registerUser('burst-current@example.com')
    const replies = await burst(100, (i) => t.post('/api/me/cancel', { password: `wrong-current-${i}` }, { token, ip: freshIp() }))
    expect({ evaluated: countOf(replies, 'Password incorrect'), refused: countOf(replies, 'Too many requests') }).toEqual({
      evaluated: 10,
      refused: 90,
    })
  })

  it('evaluates at most 5 of 100 concurrent wrong payment passwords; the right one is then refused', async () => {
    const buyer = await buyerWithPaymentPassword(t, 'burst-pin@example.com')
    const pay = (paymentPassword: string) =>
      t.post('/api/orders/pay', { orderIds: [1], paymentPassword }, { token: buyer.token, ip: freshIp() })
    const replies = await burst(100, (i) => pay(String(200_000 + i)))
    expect({
      evaluated: countOf(replies, 'payment password error'),
      refused: countOf(replies, 'Payment password locked'),
    }).toEqual({ evaluated: 5, refused: 95 })
    expect(await pay('123456')).toMatchObject({ status: 429, body: { msg: 'Payment password locked' } })
  })

  it('resets the payment password counter on success', async () => {
    const buyer = await buyerWithPaymentPassword(t, 'reset-pin@example.com')
    const pay = (paymentPassword: string) =>
      t.post('/api/orders/pay', { orderIds: [999_999], paymentPassword }, { token: buyer.token, ip: freshIp() })
    for (let i = 0; i < 4; i++) expect((await pay('999999')).body.msg).toBe('payment password error')
    expect((await pay('123456')).body.msg).toBe('Order not found')
    const row = await t.db.kysely.selectFrom('users').select('payment_failures').where('id', '=', buyer.userId).executeTakeFirstOrThrow()
    expect(row.payment_failures).toBe(0)
  })

  it('evaluates at most 5 of 100 concurrent wrong e-mail codes; the right code is then refused', async () => {
    const email = 'burst-code@example.com'
    await t.post('/api/auth/codes', { purpose: 'register', email }, { ip: freshIp(), schema: CodeSent })
    const code = await lastCodeFor(t.dataDir, email)
    const wrong = (i: number) => String((Number(code) + 1 + i) % 1_000_000).padStart(6, '0')
    const register = (guess: string) =>
      t.post('/api/auth/register', { email, password: 'burst-password-1', code: guess, agreed: true }, { ip: freshIp() })
    const replies = await burst(100, (i) => register(wrong(i)))
    expect(countOf(replies, 'Captcha incorrect')).toBe(100)
    const row = await t.db.kysely.selectFrom('email_codes').select('wrong_tries').where('email', '=', email).executeTakeFirstOrThrow()
    expect(row.wrong_tries).toBe(5)
    expect((await register(code)).body.msg).toBe('Captcha incorrect')
  })

  it("locks an operator's sign-in after 10 evaluated guesses of 100 concurrent ones", async () => {
    await createOperator(t.db, { email: 'burst-ops@example.com', password: 'operator-password-1' })
    const login = (password: string) => t.post('/api/admin/auth/login', { email: 'burst-ops@example.com', password }, { ip: freshIp() })
    const replies = await burst(100, (i) => login(`operator-guess-${i}`))
    expect({ evaluated: countOf(replies, 'Incorrect account'), refused: countOf(replies, 'Too many requests') }).toEqual({
      evaluated: 10,
      refused: 90,
    })
    expect(await login('operator-password-1')).toMatchObject({ status: 429, body: { msg: 'Too many requests' } })
  })

  /**
   * Per-IP limits (config.rateLimit) on every call that checks a password, a payment password
   * or a code: 100 concurrent requests from one address, at most the limit reach the handler
   * (they answer 'Invalid parameters' for the empty body); the rest answer 429.
   */
  it.each([
    ['/api/auth/login', 20, false],
    ['/api/auth/register', 20, false],
    ['/api/auth/password/reset', 20, false],
    ['/api/admin/auth/login', 20, false],
    ['/api/me/password', 20, true],
    ['/api/me/payment-password', 20, true],
    ['/api/me/email', 20, true],
    ['/api/me/cancel', 20, true],
    ['/api/wallet/addresses', 20, true],
    ['/api/wallet/withdrawals', 30, true],
    ['/api/orders/pay', 60, true],
  ] as const)('limits POST %s to %i requests per client address', async (url, limit, signedIn) => {
    const token = signedIn ? (await registerUser(`ip-${url.replaceAll('/', '-')}@example.com`)).token : undefined
    const ip = freshIp()
    const replies = await burst(100, () => t.post(url, {}, { token, ip }))
    expect({ handled: replies.filter((r) => r.status !== 429).length, limited: countOf(replies, 'Too many requests') }).toEqual({
      handled: limit,
      limited: 100 - limit,
    })
  })
})
