import { randomBytes, randomUUID } from 'node:crypto'
import type { Session } from '@bazaar/contract/auth'
import { Recharge, WalletSummary, Withdrawal, WithdrawalAddress } from '@bazaar/contract/wallet'
import sharp from 'sharp'
import { z } from 'zod'
import { askCode, buyerPassword, buyerWithPaymentPassword, type DemoMerchant, demoMerchants, merchantToken } from './accounts'
import { api } from './api'
import { approveRecharge, openTrc20 } from './operator'

/** A buyer's money through the API: recharges with their proof, withdrawals, a funded buyer. */

/** A transfer-proof picture that reads as one in the console's screenshots (PNG). */
export function proofPng(amount = '25.00'): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="480" height="320">
    <rect width="480" height="320" fill="#f0fdf4"/><rect x="16" y="16" width="448" height="288" rx="16" fill="#fff" stroke="#16a34a" stroke-width="4"/>
    <text x="240" y="110" font-family="DejaVu Sans" font-size="30" text-anchor="middle" fill="#166534">Transfer complete</text>
    <text x="240" y="180" font-family="DejaVu Sans" font-size="44" font-weight="bold" text-anchor="middle" fill="#111">${amount} USDT</text>
    <text x="240" y="240" font-family="DejaVu Sans" font-size="20" text-anchor="middle" fill="#555">TRC20 · 1 confirmation</text></svg>`
  return sharp(Buffer.from(svg)).png().toBuffer()
}

const Uploaded = z.object({ id: z.number().int() })

/**
 * Files a TRC20 recharge with its proof (TRC20 must be open).
 * @param amountCents integer cents; the proof shows the same amount in dollars
 * @returns the recharge, `pending` until an operator decides
 */
export async function fileRecharge(token: string, amountCents: number): Promise<Recharge> {
  const form = new FormData()
  const proof = await proofPng((amountCents / 100).toFixed(2))
  form.append('file', new Blob([new Uint8Array(proof)], { type: 'image/png' }), 'proof.png')
  const upload = await api.post('/api/uploads', form, Uploaded, { token })
  // A deposit's tx hash is accepted once per network: each recharge has its own.
  const body = { networkCode: 'TRC20', amountCents, proofUploadId: upload.id, txHash: randomBytes(32).toString('hex') }
  return api.post('/api/wallet/recharges', body, Recharge, { token, 'idempotency-key': randomUUID() })
}

/**
 * Saves `address` for withdrawals and asks to withdraw `amountCents` on TRC20 with the
 * payment password; returns the withdrawal, `pending` until an operator decides.
 */
export async function fileWithdrawal(session: Session, amountCents: number, address: string, paymentPassword: string): Promise<Withdrawal> {
  const { token } = session
  // Saving an address is a sensitive change: the login password and a code to the account's email.
  const code = await askCode('withdrawal_address', session.user.email, token)
  const saved = await api.post(
    '/api/wallet/addresses',
    { networkCode: 'TRC20', address, code, currentPassword: buyerPassword },
    WithdrawalAddress,
    { token },
  )
  const body = { networkCode: 'TRC20', addressId: saved.id, amountCents, paymentPassword }
  return api.post('/api/wallet/withdrawals', body, Withdrawal, { token, 'idempotency-key': randomUUID() })
}

/** A new buyer with a payment password and `amountCents` recharged and approved. */
export async function fundedBuyer(label: string, paymentPassword: string, amountCents: number): Promise<Session> {
  const session = await buyerWithPaymentPassword(label, paymentPassword)
  await openTrc20()
  const recharge = await fileRecharge(session.token, amountCents)
  await approveRecharge(recharge.id)
  return session
}

/**
 * Gives every demo merchant `amountCents` to ship with, as a merchant gets money: a recharge
 * the operator approves. Shipping pays the order's purchase price from the merchant's wallet,
 * and the seeded shops start with none. Once per run, from global setup, after the logins.
 */
export async function fundDemoMerchants(amountCents: number): Promise<void> {
  await openTrc20()
  for (const name of Object.keys(demoMerchants) as DemoMerchant[]) {
    const recharge = await fileRecharge(await merchantToken(name), amountCents)
    await approveRecharge(recharge.id)
  }
}

/** The buyer's balances (integer cents) and wallet status. */
export function walletSummary(token: string): Promise<WalletSummary> {
  return api.get('/api/wallet', WalletSummary, { token })
}
