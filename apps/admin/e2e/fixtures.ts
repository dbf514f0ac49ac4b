import { spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { readdir, readFile } from 'node:fs/promises'
import path from 'node:path'
import PostalMime from 'postal-mime'
import sharp from 'sharp'

/**
 * What the console's e2e needs from outside the console: an operator account, and a buyer
 * with a pending recharge, made through the same API and CLI people use.
 */

/**
 * The data folder of the server Playwright starts (playwright.config.ts `webServer`): one per
 * E2E_PORT when not the default port, so parallel runs in one tree keep apart.
 */
const port = Number(process.env.E2E_PORT ?? 8099)
const perPortDir = `test-results/e2e-data-${port}`
export const e2eDataDir = process.env.E2E_DATA_DIR ?? (port !== 8099 && existsSync(perPortDir) ? perPortDir : 'test-results/e2e-data')

export const operator = { email: 'ops.e2e@example.com', password: 'operator-pass-e2e-123' }

/**
 * Creates the operator with `npm run operator:create` against the e2e data folder; a second
 * call finds it there and changes nothing. (Unneeded once the webServer sets OPERATOR_EMAIL.)
 */
export function ensureOperator(): void {
  const run = spawnSync('npm', ['run', '--silent', 'operator:create', '--', operator.email], {
    env: { ...process.env, DATA_DIR: e2eDataDir, OPERATOR_PASSWORD: operator.password, LOG_LEVEL: 'warn' },
    encoding: 'utf8',
    timeout: 60_000,
  })
  if (run.status !== 0) throw new Error(`operator:create failed: ${run.stderr || run.stdout}`)
}

type Reply<T> = { code: number; msg: string; data: T }

/** One API call as a client makes it; fails the test on anything but code 1. */
export async function api<T>(
  baseURL: string,
  method: string,
  url: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<T> {
  const isForm = body instanceof FormData
  const res = await fetch(new URL(url, baseURL), {
    method,
    headers: { ...(body && !isForm ? { 'content-type': 'application/json' } : {}), ...headers },
    body: isForm ? body : body === undefined ? undefined : JSON.stringify(body),
  })
  const reply = (await res.json()) as Reply<T>
  if (reply.code !== 1) throw new Error(`${method} ${url} → ${res.status} ${reply.msg}`)
  return reply.data
}

/** The 6-digit code of the `nth` mail (1-based) to `email` in the server's outbox (no SMTP in e2e). */
async function codeFor(email: string, nth: number): Promise<string> {
  const dir = path.join(e2eDataDir, 'outbox')
  for (let attempt = 0; attempt < 40; attempt++) {
    if (existsSync(dir)) {
      // Files are named <epoch ms>-<random>.eml: name order is sending order.
      const files = (await readdir(dir)).filter((f) => f.endsWith('.eml')).sort()
      const mails = await Promise.all(files.map(async (f) => PostalMime.parse(await readFile(path.join(dir, f)))))
      const code = mails.filter((m) => m.to?.some((to) => to.address === email))[nth - 1]?.text?.match(/\b(\d{6})\b/)?.[1]
      if (code) return code
    }
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
  throw new Error(`no code #${nth} mailed to ${email}`)
}

/** Registers a buyer through the real flow (email code from the outbox) and returns its token. */
export async function registerBuyer(baseURL: string, email: string): Promise<string> {
  await api(baseURL, 'POST', '/api/auth/codes', { purpose: 'register', email })
  const session = await api<{ token: string }>(baseURL, 'POST', '/api/auth/register', {
    email,
    password: 'secret123',
    code: await codeFor(email, 1),
    agreed: true,
  })
  return session.token
}

/** A transfer-proof stand-in that reads as one in a screenshot. */
function proofImage(amount: string): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="480" height="320">
    <rect width="480" height="320" fill="#f0fdf4"/><rect x="16" y="16" width="448" height="288" rx="16" fill="#fff" stroke="#16a34a" stroke-width="4"/>
    <text x="240" y="110" font-family="DejaVu Sans" font-size="30" text-anchor="middle" fill="#166534">Transfer complete</text>
    <text x="240" y="180" font-family="DejaVu Sans" font-size="44" font-weight="bold" text-anchor="middle" fill="#111">${amount} USDT</text>
    <text x="240" y="240" font-family="DejaVu Sans" font-size="20" text-anchor="middle" fill="#555">TRC20 · 1 confirmation</text></svg>`
  return sharp(Buffer.from(svg)).png().toBuffer()
}

/** Files a TRC20 recharge of `amount` (text, e.g. '25.00') with its proof; returns the recharge id. */
export async function fileRecharge(baseURL: string, token: string, amountCents: number, amount: string): Promise<number> {
  const form = new FormData()
  form.append('file', new Blob([new Uint8Array(await proofImage(amount))], { type: 'image/png' }), 'proof.png')
  const upload = await api<{ id: number }>(baseURL, 'POST', '/api/uploads', form, { token })
  // A hash of its own: a network takes each transaction hash once (migration 006).
  const txHash = `${Date.now().toString(16)}${amountCents.toString(16)}`.padStart(64, 'a')
  const recharge = await api<{ id: number }>(
    baseURL,
    'POST',
    '/api/wallet/recharges',
    { networkCode: 'TRC20', amountCents, proofUploadId: upload.id, txHash },
    { token, 'idempotency-key': `e2e-${Date.now()}` },
  )
  return recharge.id
}

/**
 * Sets payment password 123456 (second mailed code), saves a withdrawal address and asks to
 * withdraw `amountCents` on TRC20; returns the withdrawal id.
 */
export async function fileWithdrawal(baseURL: string, token: string, email: string, amountCents: number, address: string): Promise<number> {
  await api(baseURL, 'POST', '/api/auth/codes', { purpose: 'payment_password' }, { token })
  await api(baseURL, 'POST', '/api/me/payment-password', { code: await codeFor(email, 2), paymentPassword: '123456' }, { token })
  const saved = await api<{ id: number }>(baseURL, 'POST', '/api/wallet/addresses', { networkCode: 'TRC20', address }, { token })
  const body = { networkCode: 'TRC20', addressId: saved.id, amountCents, paymentPassword: '123456' }
  const withdrawal = await api<{ id: number }>(baseURL, 'POST', '/api/wallet/withdrawals', body, {
    token,
    'idempotency-key': `e2e-w-${Date.now()}`,
  })
  return withdrawal.id
}
