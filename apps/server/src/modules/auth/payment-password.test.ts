import { statSync } from 'node:fs'
import path from 'node:path'
import { CodeSent, Me, Session } from '@bazaar/contract/auth'
import { hash } from '@node-rs/argon2'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loadConfig } from '../../config.ts'
import { createTestApp, freshIp, type TestApp } from '../../test/app-harness.ts'
import { testDialects } from '../../test/databases.ts'
import { lastCodeFor } from '../../test/outbox.ts'
import { verifyPaymentPassword } from './payment-password-service.ts'

/**
 * The 6-digit payment password is stored as HMAC-SHA256(server secret, user id + PIN) and
 * compared in constant time (ARCHITECTURE.md, Passwords): argon2id on a 6-digit PIN cost
 * 30–58 ms of CPU per payment and protects nothing a stolen database does not give away in
 * a million tries; the secret is kept out of the database, and the online lock is the guard.
 */
describe.each(await testDialects())('payment password storage on %s', (dialect) => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp(dialect)
  })
  afterAll(async () => t?.close())

  async function buyer(email: string) {
    const ip = freshIp()
    await t.post('/api/auth/codes', { purpose: 'register', email }, { ip, schema: CodeSent })
    const code = await lastCodeFor(t.dataDir, email)
    return (await t.post('/api/auth/register', { email, password: 'pin-store-password', code, agreed: true }, { ip, schema: Session })).body
      .data
  }
  const storedHash = async (userId: number) =>
    (await t.db.kysely.selectFrom('users').select('payment_password_hash').where('id', '=', userId).executeTakeFirstOrThrow())
      .payment_password_hash

  it('stores an HMAC, not argon2, different for two users with the same PIN, and checks it', async () => {
    const a = await buyer('hmac-a@example.com')
    const b = await buyer('hmac-b@example.com')
    for (const { token, user } of [a, b]) {
      await t.post('/api/auth/codes', { purpose: 'payment_password' }, { token, ip: freshIp(), schema: CodeSent })
      const code = await lastCodeFor(t.dataDir, user.email)
      await t.post(
        '/api/me/payment-password',
        { code, currentPassword: 'pin-store-password', paymentPassword: '246813' },
        { token, schema: Me },
      )
    }
    const hashA = await storedHash(a.user.id)
    expect(hashA).toMatch(/^hmac-sha256\$[0-9a-f]{64}$/)
    expect(hashA).not.toBe(await storedHash(b.user.id))
    await expect(verifyPaymentPassword(t.db, a.user.id, '246813')).resolves.toBeUndefined()
    await expect(verifyPaymentPassword(t.db, a.user.id, '246814')).rejects.toThrow('payment password error')
  })

  it('rehashes an older argon2 PIN on its next correct entry', async () => {
    const { user } = await buyer('legacy-pin@example.com')
    await t.db.kysely
      .updateTable('users')
      .set({ payment_password_hash: await hash('135792') })
      .where('id', '=', user.id)
      .execute()
    await expect(verifyPaymentPassword(t.db, user.id, '000001')).rejects.toThrow('payment password error')
    expect(await storedHash(user.id)).toMatch(/^\$argon2id\$/)
    await verifyPaymentPassword(t.db, user.id, '135792')
    expect(await storedHash(user.id)).toMatch(/^hmac-sha256\$/)
    await expect(verifyPaymentPassword(t.db, user.id, '135792')).resolves.toBeUndefined()
  })

  it('keeps the generated secret in the data folder, readable by the server only', () => {
    const file = path.join(t.dataDir, 'pin-secret')
    expect(statSync(file).mode & 0o777).toBe(0o600)
  })
})

describe('PIN_SECRET setting', () => {
  it('is required with DATABASE_URL, and needs 32 characters at least', () => {
    expect(() => loadConfig({ DATABASE_URL: 'postgres://u@h/db' })).toThrow(/PIN_SECRET/)
    expect(() => loadConfig({ DATABASE_URL: 'postgres://u@h/db', PIN_SECRET: 'short' })).toThrow(/PIN_SECRET/)
    expect(loadConfig({ DATABASE_URL: 'postgres://u@h/db', PIN_SECRET: 'x'.repeat(32) }).PIN_SECRET).toBe('x'.repeat(32))
    expect(loadConfig({}).PIN_SECRET).toBeUndefined()
  })
})
