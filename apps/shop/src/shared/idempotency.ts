import { ApiError } from '@bazaar/contract/api-error'

/**
 * Idempotency keys of money calls (ARCHITECTURE.md, Decisions): minted when the person taps
 * submit, sent again with the same body until an answer comes, so a retry after a lost reply
 * cannot pay, file a recharge or a withdrawal twice. Another body gets another key (the server
 * answers 422 to one key with two bodies).
 */
export type PendingKey = { key: string; body: string }

/** The key for `body`: the pending one when the body is the same, else a fresh one from `mint`. */
export function keyFor(pending: PendingKey | undefined, body: string, mint: () => string): PendingKey {
  return pending && pending.body === body ? pending : { key: mint(), body }
}

/**
 * After a call: keep the key when no answer came (network) or the first is still running
 * ('Idempotency key in use'), forget it once the server answered.
 */
export function afterCall(pending: PendingKey | undefined, error: unknown): PendingKey | undefined {
  if (error instanceof ApiError && (error.isNetwork || error.key === 'Idempotency key in use')) return pending
  return undefined
}

/**
 * A fresh Idempotency-Key, a version-4 UUID. randomUUID needs a secure context; a shop opened
 * over plain HTTP on a LAN address falls back to the same 122 random bits from
 * getRandomValues, which works everywhere.
 */
export function mintKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID()
  const bytes = crypto.getRandomValues(new Uint8Array(16))
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80
  const hex = [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('')
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`
}
