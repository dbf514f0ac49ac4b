import { createHash, randomBytes, randomInt } from 'node:crypto'

/** A new opaque session token: 32 random bytes, URL-safe. */
export function newSessionToken(): string {
  return randomBytes(32).toString('base64url')
}

/** SHA-256 hex of a secret (session token, email code); only this is stored. */
export function sha256(secret: string): string {
  return createHash('sha256').update(secret).digest('hex')
}

/** A 6-digit verification code, uniformly random, leading zeros kept. */
export function newEmailCode(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, '0')
}

const invitationAlphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789'

/** An 8-character invitation code without look-alike characters (0/O, 1/I). */
export function newInvitationCode(): string {
  return Array.from(randomBytes(8), (b) => invitationAlphabet[b % invitationAlphabet.length]).join('')
}
