import { CodeSent, Session } from '@bazaar/contract/auth'
import { Network, Recharge } from '@bazaar/contract/wallet'
import sharp from 'sharp'
import { z } from 'zod'
import { createOperator, loginOperator } from '../modules/admin/service.ts'
import { paymentPasswordHash } from '../modules/auth/payment-password-service.ts'
import { freshIp, type TestApp } from './app-harness.ts'
import { lastCodeFor } from './outbox.ts'
import { type Answer, parseOk } from './replies.ts'

/** A valid TRON address (base58check, 0x41 prefix) and a valid EIP-55 EVM address. */
export const tronAddress = 'TJRabPrwbZy45sbavfcjinPJC18kjpRTv8'
export const evmAddress = '0x52908400098527886E0F7030069857D2E4169EE7'

/** The login password of the buyers `buyerWithPaymentPassword` registers. */
export const buyerPassword = 'buyer-password-1'

/**
 * Registers a buyer through the real flow (login password `buyerPassword`) with payment
 * password 123456, written as the server stores it: an account from before the rule that
 * refuses such a PIN as a new one (it keeps working), so payment tests share one known PIN.
 * Setting a PIN through the API is tested in auth's sensitive-changes and payment-password tests.
 */
export async function buyerWithPaymentPassword(t: TestApp, email: string): Promise<{ token: string; userId: number; email: string }> {
  const ip = freshIp()
  await t.post('/api/auth/codes', { purpose: 'register', email }, { ip, schema: CodeSent })
  const code = await lastCodeFor(t.dataDir, email)
  const registered = await t.post('/api/auth/register', { email, password: buyerPassword, code, agreed: true }, { ip, schema: Session })
  const session = registered.body.data
  await t.db.kysely
    .updateTable('users')
    .set({ payment_password_hash: paymentPasswordHash(t.db, session.user.id, '123456') })
    .where('id', '=', session.user.id)
    .execute()
  return { token: session.token, userId: session.user.id, email }
}

/**
 * Saves a withdrawal address the way the shop does: an e-mail code of purpose
 * `withdrawal_address` (older codes are aged past the 60 s resend wait first) and the current
 * password `buyerPassword`. Returns the reply, a success or a failure key.
 */
export async function saveWithdrawalAddress(
  t: TestApp,
  buyer: { token: string; email: string },
  networkCode: string,
  address: string,
): Promise<Answer> {
  await t.db.kysely.updateTable('email_codes').set({ created_at_ms: 0 }).where('email', '=', buyer.email).execute()
  await t.post('/api/auth/codes', { purpose: 'withdrawal_address' }, { token: buyer.token, ip: freshIp(), schema: CodeSent })
  const code = await lastCodeFor(t.dataDir, buyer.email)
  return t.post(
    '/api/wallet/addresses',
    { networkCode, address, code, currentPassword: buyerPassword },
    { token: buyer.token, ip: freshIp() },
  )
}

/** Creates an operator and returns headers carrying its `admin-token`. */
export async function operatorHeaders(t: TestApp, email = 'ops@example.com'): Promise<{ 'admin-token': string }> {
  await createOperator(t.db, { email, password: 'operator-password-1' })
  const session = await loginOperator(t.db, email, 'operator-password-1')
  return { 'admin-token': session.token }
}

/** Opens recharge on TRC20 by giving it a deposit address, as an operator does in the console. */
export async function openTronRecharge(t: TestApp, admin: Record<string, string>): Promise<void> {
  const body = {
    depositAddress: tronAddress,
    withdrawalFeeCents: 100,
    withdrawalMinCents: 1000,
    withdrawalMaxCents: 1_000_000,
    monthlyWithdrawalCap: 10,
    withdrawalsEnabled: true,
  }
  await t.put('/api/admin/networks/TRC20', body, { headers: admin, schema: Network })
}

/**
 * The reply of `POST /api/uploads`. It lives in the server's uploads routes, not in the
 * contract, so it is restated here; the server's reply check keeps the two equal.
 */
const UploadedImage = z.object({ id: z.number().int(), width: z.number().int(), height: z.number().int() })

/** Uploads an image as multipart form data (a recharge proof unless `purpose` says otherwise); the reply is a success or a failure key. */
export function upload(
  t: TestApp,
  token: string,
  bytes: Buffer,
  filename = 'proof.png',
  purpose?: 'review_photo' | 'dispute_evidence',
): Promise<Answer> {
  const boundary = `----bazaar${Date.now()}`
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
  )
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`)
  const headers = { 'content-type': `multipart/form-data; boundary=${boundary}` }
  return t.post(purpose ? `/api/uploads?purpose=${purpose}` : '/api/uploads', Buffer.concat([head, bytes, tail]), {
    token,
    headers,
    ip: freshIp(),
  })
}

/** Uploads an image that must be accepted; returns its id and stored size. */
export async function uploadImage(
  t: TestApp,
  token: string,
  bytes: Buffer,
  filename?: string,
  purpose?: 'review_photo' | 'dispute_evidence',
) {
  return parseOk(UploadedImage, await upload(t, token, bytes, filename, purpose), 'POST /api/uploads').body.data
}

/** A small PNG screenshot stand-in, with EXIF-like metadata to be stripped. */
export function proofPng(): Promise<Buffer> {
  return sharp({ create: { width: 64, height: 48, channels: 3, background: { r: 200, g: 30, b: 30 } } })
    .png()
    .withMetadata({ exif: { IFD0: { Copyright: 'secret-camera' } } })
    .toBuffer()
}

/** Recharges `amountCents` for a buyer and has the operator approve it; returns the recharge id. */
export async function fundedBy(t: TestApp, buyer: { token: string }, admin: Record<string, string>, amountCents: number): Promise<number> {
  const proof = await uploadImage(t, buyer.token, await proofPng())
  const recharge = await t.post(
    '/api/wallet/recharges',
    { networkCode: 'TRC20', amountCents, proofUploadId: proof.id },
    { token: buyer.token, ip: freshIp(), schema: Recharge },
  )
  await t.post(`/api/admin/recharges/${recharge.body.data.id}/approve`, {}, { headers: admin, schema: Recharge })
  return recharge.body.data.id
}
