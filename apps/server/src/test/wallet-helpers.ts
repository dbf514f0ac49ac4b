import sharp from 'sharp'
import { createOperator, loginOperator } from '../modules/admin/service.ts'
import { freshIp, type TestApp } from './app-harness.ts'
import { lastCodeFor } from './outbox.ts'

/** A valid TRON address (base58check, 0x41 prefix) and a valid EIP-55 EVM address. */
export const tronAddress = 'TJRabPrwbZy45sbavfcjinPJC18kjpRTv8'
export const evmAddress = '0x52908400098527886E0F7030069857D2E4169EE7'

/** Registers a buyer through the real flow, sets payment password 123456, returns token and id. */
export async function buyerWithPaymentPassword(t: TestApp, email: string): Promise<{ token: string; userId: number }> {
  const ip = freshIp()
  await t.post('/api/auth/codes', { purpose: 'register', email }, { ip })
  const session = (
    await t.post('/api/auth/register', { email, password: 'secret123', code: await lastCodeFor(t.dataDir, email), agreed: true }, { ip })
  ).body.data
  await t.post('/api/auth/codes', { purpose: 'payment_password' }, { token: session.token, ip })
  await t.post(
    '/api/me/payment-password',
    { code: await lastCodeFor(t.dataDir, email), paymentPassword: '123456' },
    { token: session.token, ip },
  )
  return { token: session.token, userId: session.user.id }
}

/** Creates an operator and returns headers carrying its `admin-token`. */
export async function operatorHeaders(t: TestApp, email = 'ops@example.com'): Promise<{ 'admin-token': string }> {
  await createOperator(t.db, { email, password: 'operator-password-1' })
  const session = await loginOperator(t.db, email, 'operator-password-1')
  return { 'admin-token': session.token }
}

/** Opens recharge on TRC20 by giving it a deposit address, as an operator does in the console. */
export async function openTronRecharge(t: TestApp, admin: Record<string, string>): Promise<void> {
  const res = await t.app.inject({
    method: 'PUT',
    url: '/api/admin/networks/TRC20',
    headers: admin,
    payload: {
      depositAddress: tronAddress,
      withdrawalFeeCents: 100,
      withdrawalMinCents: 1000,
      withdrawalMaxCents: 1_000_000,
      monthlyWithdrawalCap: 10,
      withdrawalsEnabled: true,
    },
  })
  if (res.statusCode !== 200) throw new Error(`network update failed: ${res.body}`)
}

/** Uploads an image as multipart form data and returns the parsed reply. */
export async function upload(t: TestApp, token: string, bytes: Buffer, filename = 'proof.png') {
  const boundary = `----bazaar${Date.now()}`
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
  )
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`)
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/uploads',
    headers: { token, 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload: Buffer.concat([head, bytes, tail]),
    remoteAddress: freshIp(),
  })
  return { status: res.statusCode, body: res.json() }
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
  const proof = await upload(t, buyer.token, await proofPng())
  const recharge = await t.post(
    '/api/wallet/recharges',
    { networkCode: 'TRC20', amountCents, proofUploadId: proof.body.data.id },
    { token: buyer.token, ip: freshIp() },
  )
  const approved = await t.app.inject({ method: 'POST', url: `/api/admin/recharges/${recharge.body.data.id}/approve`, headers: admin })
  if (approved.statusCode !== 200) throw new Error(`approve failed: ${approved.body}`)
  return recharge.body.data.id
}
