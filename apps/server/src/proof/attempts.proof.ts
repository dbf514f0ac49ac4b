import { CodeSent } from '@bazaar/contract/auth'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createOperator } from '../modules/admin/service.ts'
import { createTestApp, freshIp, type TestApp } from '../test/app-harness.ts'
import { testDialects } from '../test/databases.ts'
import { lastCodeFor } from '../test/outbox.ts'
import type { Answer } from '../test/replies.ts'
import { buyerPassword, buyerWithPaymentPassword } from '../test/wallet-helpers.ts'
import { type RaceFigures, type RaceSpec, race } from './race.ts'
import { writeFigures } from './results.ts'

const figures: Record<string, Record<string, RaceFigures>> = {}
/** Checks begun and not finished (one threw): the figures file says whether the suite held. */
let unfinished = 0

/**
 * Attempt counters under bursts (issue 16; ARCHITECTURE.md, Passwords): in each round a
 * fresh account takes 100 concurrent wrong guesses, and no more than the limit may be
 * evaluated (answered with the guess's own key); the right secret is refused afterwards.
 * Figures: bench/results/proof-attempts.json.
 */
describe.each(await testDialects())('attempt counters on %s', (dialect) => {
  let t: TestApp
  const mine: Record<string, RaceFigures> = {}
  figures[dialect] = mine
  beforeAll(async () => {
    t = await createTestApp(dialect)
  })
  afterAll(async () => {
    await t?.close()
    writeFigures('attempts', figures, unfinished === 0)
  })
  const evaluated = (key: string) => (_: unknown, answers: (Answer | number)[]) =>
    answers.filter((a) => typeof a !== 'number' && a.body.msg === key).length
  async function run<S>(name: string, spec: RaceSpec<S>) {
    unfinished++
    mine[name] = await race({ ...spec, exactly: false })
    expect(mine[name].problems).toEqual([])
    unfinished--
  }
  const send = (url: string, body: object, token?: string) => t.request('POST', url, body, { token, ip: freshIp() })

  it('evaluates at most 10 wrong logins of 100', () =>
    run('login', {
      setup: async (round) => (await buyerWithPaymentPassword(t, `login${round}@example.com`)).email,
      fire: (email, i) => send('/api/auth/login', { email, password: `wrong-guess-${i}` }),
      winners: evaluated('Incorrect account'),
      allowed: 10,
      check: async (email) => {
        const right = await send('/api/auth/login', { email, password: buyerPassword })
        return right.body.msg === 'Too many requests' ? [] : [`the right password answered ${right.body.msg}`]
      },
    }))

  it('evaluates at most 5 wrong payment passwords of 100', () =>
    run('paymentPassword', {
      setup: async (round) => (await buyerWithPaymentPassword(t, `pin${round}@example.com`)).token,
      fire: (token, i) => send('/api/orders/pay', { orderIds: [1], paymentPassword: String(200_000 + i) }, token),
      winners: evaluated('payment password error'),
      allowed: 5,
      check: async (token) => {
        const right = await send('/api/orders/pay', { orderIds: [1], paymentPassword: '123456' }, token)
        return right.body.msg === 'Payment password locked' ? [] : [`the right PIN answered ${right.body.msg}`]
      },
    }))

  it('evaluates at most 10 wrong operator sign-ins of 100', () =>
    run('operatorLogin', {
      setup: async (round) => {
        const email = `ops${round}@example.com`
        await createOperator(t.db, { email, password: 'operator-password-1' })
        return email
      },
      fire: (email, i) => send('/api/admin/auth/login', { email, password: `operator-guess-${i}` }),
      winners: evaluated('Incorrect account'),
      allowed: 10,
      check: async (email) => {
        const right = await send('/api/admin/auth/login', { email, password: 'operator-password-1' })
        return right.body.msg === 'Too many requests' ? [] : [`the right password answered ${right.body.msg}`]
      },
    }))

  it('counts at most 5 wrong e-mail codes of 100', () =>
    run('emailCode', {
      setup: async (round) => {
        const email = `code${round}@example.com`
        await t.post('/api/auth/codes', { purpose: 'register', email }, { ip: freshIp(), schema: CodeSent })
        return { email, code: await lastCodeFor(t.dataDir, email) }
      },
      fire: (c, i) =>
        send('/api/auth/register', {
          email: c.email,
          password: 'burst-password-1',
          code: String((Number(c.code) + 1 + i) % 1_000_000).padStart(6, '0'),
          agreed: true,
        }),
      // Every wrong code answers 'Captcha incorrect'; what counts is how many tries the code recorded.
      winners: async (c) =>
        Number(
          (await t.db.kysely.selectFrom('email_codes').select('wrong_tries').where('email', '=', c.email).executeTakeFirstOrThrow())
            .wrong_tries,
        ),
      allowed: 5,
      check: async (c) => {
        const right = await send('/api/auth/register', { email: c.email, password: 'burst-password-1', code: c.code, agreed: true })
        return right.body.msg === 'Captcha incorrect' ? [] : [`the right code answered ${right.body.msg}`]
      },
    }))
})
