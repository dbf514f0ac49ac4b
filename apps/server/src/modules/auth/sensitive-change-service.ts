import type { SensitiveProof } from '@bazaar/contract/auth'
import type { CodePurpose } from '@bazaar/contract/auth-values'
import type { Db, Trx } from '../../db/database.ts'
import type { SessionUser } from '../../platform/access.ts'
import type { Mailer } from '../../platform/mail.ts'
import { checkCode, consumeCode } from './codes.ts'
import { assertCurrentPassword } from './passwords.ts'
import * as repo from './repo.ts'

/**
 * Sensitive changes (ARCHITECTURE.md, Decisions): a new e-mail, login password, payment
 * password or withdrawal address. Each needs the current password and the e-mail code of its
 * purpose, ends the account's other sessions in the change's transaction, and tells the
 * account's (old) address once committed, with the time and the client address. A stolen
 * session token alone changes nothing.
 */

/** A change whose password and code were checked; `completeSensitiveChange` uses the code. */
export interface ProvenChange {
  readonly codeId: number
}

/** Where a change came from, for the notice: the client address and when. */
export interface ChangeOrigin {
  ip: string
  atMs: number
}

/**
 * Checks a sensitive change's proof before its transaction: the current password (counted in
 * the account's lock with logins), then the code of `purpose` sent to `codeEmail` (the
 * account's own address, or the new one for `change_email`).
 * @throws 'Password incorrect' | 'Too many requests' | 'Captcha incorrect'
 */
export async function proveSensitiveChange(
  db: Db,
  user: SessionUser,
  proof: SensitiveProof,
  purpose: CodePurpose,
  codeEmail = user.email,
): Promise<ProvenChange> {
  await assertCurrentPassword(db, user.id, proof.currentPassword)
  return { codeId: await checkCode(db, codeEmail, purpose, proof.code) }
}

/**
 * Inside the change's transaction: uses the code (once) and ends every other session of the
 * account; the session that made the change stays.
 * @throws 'Captcha incorrect' when the code was used concurrently
 */
export async function completeSensitiveChange(trx: Trx, user: SessionUser, proven: ProvenChange): Promise<void> {
  await consumeCode(trx, proven.codeId)
  await repo.revokeOtherSessions(trx, user.id, Date.now(), user.tokenHash)
}

/** What changed, for the notice to the account's address. */
export type SecurityChange =
  | { kind: 'email'; newEmail: string }
  | { kind: 'password' }
  | { kind: 'payment_password' }
  | { kind: 'withdrawal_address'; networkCode: string; address: string }

/** 'moved@example.com' → 'm***@example.com': enough for the owner to recognise, little for anyone else. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@')
  return at <= 0 ? '***' : `${email.slice(0, 1)}***${email.slice(at)}`
}

const maskAddress = (address: string) => (address.length > 12 ? `${address.slice(0, 6)}…${address.slice(-4)}` : address)

function describe(change: SecurityChange): { subject: string; what: string } {
  switch (change.kind) {
    case 'email':
      return {
        subject: 'Your Bazaar e-mail address was changed',
        what: `The e-mail address of your account was changed to ${maskEmail(change.newEmail)}`,
      }
    case 'password':
      return { subject: 'Your Bazaar password was changed', what: 'The login password of your account was changed' }
    case 'payment_password':
      return { subject: 'Your Bazaar payment password was changed', what: 'The payment password of your account was set or changed' }
    case 'withdrawal_address':
      return {
        subject: 'A withdrawal address was added to your Bazaar wallet',
        what: `The withdrawal address ${maskAddress(change.address)} (${change.networkCode}) was added to your wallet`,
      }
  }
}

/**
 * Tells the account's address (the old one, for an e-mail change) what changed, when (UTC)
 * and from which client address. Sent after the commit; a mail that cannot be sent is
 * logged and the change stands.
 */
export async function tellAccountOwner(mailer: Mailer, to: string, change: SecurityChange, origin: ChangeOrigin): Promise<void> {
  const { subject, what } = describe(change)
  const when = `${new Date(origin.atMs).toISOString().slice(0, 16).replace('T', ' ')} UTC`
  const text =
    `${what} on ${when}, from the address ${origin.ip}.\n\n` +
    'Your other sessions were logged out.\n' +
    'If this was not you, reset your password now ("Forgot password?" on the login page) and contact customer service.\n'
  try {
    await mailer.send({ to, subject, text })
  } catch (error) {
    console.error(`security notice to ${maskEmail(to)} not sent:`, error)
  }
}
