import { readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { type CodePurpose, CodeSent, Me, Session } from '@bazaar/contract/auth'
import { z } from 'zod'
import { api } from './api'
import { e2eRunDir } from './env'
import { mailedCode } from './mail'

/** Accounts made through the API people use, with the codes read from the server's outbox. */

/** The password of buyers made by the helpers below ('secret123' is on the list of common passwords the server refuses). */
export const buyerPassword = 'buyer-pass-123'

/** An address nobody else uses in this run, so tests can share one server. */
export function uniqueEmail(label: string): string {
  return `${label}.${Date.now()}.${Math.floor(Math.random() * 1e6)}@example.com`
}

/**
 * Asks for a verification code and reads it from the outbox of `email`.
 * @param token the session of the account, for purposes that need one (`payment_password`)
 */
export async function askCode(purpose: CodePurpose, email: string, token?: string): Promise<string> {
  const sinceMs = Date.now()
  const body = token ? { purpose } : { purpose, email }
  await api.post('/api/auth/codes', body, CodeSent, token ? { token } : {})
  return mailedCode(email, sinceMs)
}

/** Registers a buyer with the mailed code; returns the session (logged in at once). */
export async function registerByApi(email: string, password = buyerPassword): Promise<Session> {
  const code = await askCode('register', email)
  return api.post('/api/auth/register', { email, password, code, agreed: true }, Session)
}

/** Sets the payment password (6 digits): the login password and a code mailed to the account's email. */
export async function setPaymentPassword(session: Session, paymentPassword: string, currentPassword = buyerPassword): Promise<void> {
  const code = await askCode('payment_password', session.user.email, session.token)
  await api.post('/api/me/payment-password', { code, currentPassword, paymentPassword }, Me, { token: session.token })
}

/** A new buyer with a payment password and no money. */
export async function buyerWithPaymentPassword(label: string, paymentPassword: string): Promise<Session> {
  const session = await registerByApi(uniqueEmail(label))
  await setPaymentPassword(session, paymentPassword)
  return session
}

/** Demo merchants of the seed catalogue: Gadget Harbor (shop 1), Casa Verde (shop 2) and Loom & Thread (shop 4, clothes with sizes; the chat spec's). */
export const demoMerchants = {
  gadgets: { email: 'merchant.gadgets@demo.bazaar.test', shopId: 1 },
  home: { email: 'merchant.home@demo.bazaar.test', shopId: 2 },
  street: { email: 'merchant.street@demo.bazaar.test', shopId: 4 },
} as const
export type DemoMerchant = keyof typeof demoMerchants

const merchantSessionsFile = path.join(e2eRunDir, 'merchant-sessions.json')
const MerchantTokens = z.record(z.string(), z.string())

/**
 * Logs every demo merchant in through 'forgot password' (their seeded passwords are random)
 * and keeps the tokens for the run's workers. Once per run, from global setup: a code can be
 * asked for once a minute per address, so workers must not each ask.
 */
export async function logInDemoMerchants(): Promise<void> {
  const password = 'merchant-e2e-123'
  const tokens: Record<string, string> = {}
  for (const [name, { email }] of Object.entries(demoMerchants)) {
    const code = await askCode('reset_password', email)
    await api.post('/api/auth/password/reset', { email, code, password }, z.null())
    tokens[name] = (await api.post('/api/auth/login', { email, password }, Session)).token
  }
  await writeFile(merchantSessionsFile, JSON.stringify(tokens))
}

/** The token of a demo merchant's session, made once per run by global setup. */
export async function merchantToken(merchant: DemoMerchant): Promise<string> {
  const token = MerchantTokens.parse(JSON.parse(await readFile(merchantSessionsFile, 'utf8')))[merchant]
  if (!token) throw new Error(`no session for the ${merchant} merchant: did global setup run?`)
  return token
}
