import { timingSafeEqual } from 'node:crypto'
import { type CodePurpose, codeLifetimeMs, codeMaxWrongTries, codeResendMs } from '@bazaar/contract/auth-values'
import type { Db, Trx } from '../../db/database.ts'
import { AppError } from '../../platform/errors.ts'
import type { Mailer } from '../../platform/mail.ts'
import { newEmailCode, sha256 } from '../../platform/tokens.ts'
import * as repo from './repo.ts'

const subjects: Record<CodePurpose, string> = {
  register: 'Your Bazaar registration code',
  reset_password: 'Reset your Bazaar password',
  change_password: 'Change your Bazaar password',
  payment_password: 'Set your Bazaar payment password',
  change_email: 'Confirm your new Bazaar email',
  withdrawal_address: 'Confirm a new Bazaar withdrawal address',
}

const hashOf = (email: string, purpose: string, code: string) => sha256(`${purpose}:${email}:${code}`)

/**
 * What a code request mails (SPEC §5): the code itself; to the owner of an address that is
 * registered already, a notice without a code (someone tried to register it); or nothing
 * (a reset for an address without an account). The answer is the same in all three cases,
 * so it does not tell a stranger which addresses have accounts.
 */
export type CodeMail = 'code' | 'already-registered' | 'none'

/**
 * Issues a 6-digit code for an email and purpose and mails it after the row is stored
 * (SPEC §9: one send per 60 s, valid 10 minutes). The row is stored whatever `mail` says, so
 * the 60 s wait applies alike whether the address has an account or not; a code that is not
 * mailed is never known to anyone and cannot be used.
 * @returns when the next send is allowed, in ms from now
 * @throws 'Send Frequently' within 60 s of the previous code
 */
export async function issueCode(
  db: Db,
  mailer: Mailer,
  email: string,
  purpose: CodePurpose,
  mail: CodeMail = 'code',
): Promise<{ resendAfterMs: number }> {
  const nowMs = Date.now()
  const latest = await repo.findLatestCode(db.kysely, email, purpose)
  if (latest && nowMs - latest.created_at_ms < codeResendMs) throw new AppError('Send Frequently')
  const code = newEmailCode()
  await repo.insertCode(db.kysely, {
    email,
    purpose,
    code_hash: hashOf(email, purpose, code),
    created_at_ms: nowMs,
    expires_at_ms: nowMs + codeLifetimeMs,
  })
  if (mail === 'code')
    await mailer.send({
      to: email,
      subject: subjects[purpose],
      text: `Your Bazaar verification code is ${code}.\n\nIt is valid for 10 minutes and works once. If you did not ask for it, ignore this message.\n`,
    })
  if (mail === 'already-registered')
    await mailer.send({
      to: email,
      subject: 'This email is already registered at Bazaar',
      text:
        'Someone asked to create a Bazaar account with this email address, which already has one.\n\n' +
        'If it was you, log in instead; if you forgot your password, choose "Forgot password?" on the login page.\n' +
        'If it was not you, you can ignore this message: nothing has changed.\n',
    })
  return { resendAfterMs: codeResendMs }
}

/**
 * Checks a code against the newest one sent. The try is counted first, in the same statement
 * that checks the limits (unused, unexpired, fewer than 5 tries), and only then compared, so
 * no more than 5 tries are ever compared, however many arrive at once; the count stays even
 * when the caller's work fails later. Call before the transaction, then `consumeCode` inside it.
 * @returns the code's id
 * @throws 'Captcha incorrect'
 */
export async function checkCode(db: Db, email: string, purpose: CodePurpose, code: string): Promise<number> {
  const latest = await repo.findLatestCode(db.kysely, email, purpose)
  if (!latest || !(await repo.admitCodeTry(db.kysely, latest.id, Date.now(), codeMaxWrongTries))) throw new AppError('Captcha incorrect')
  const expected = Buffer.from(latest.code_hash, 'hex')
  const given = Buffer.from(hashOf(email, purpose, code), 'hex')
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) throw new AppError('Captcha incorrect')
  return latest.id
}

/**
 * Marks a checked code used, inside the caller's transaction; a code used concurrently
 * elsewhere fails here (conditional update).
 * @throws 'Captcha incorrect'
 */
export async function consumeCode(trx: Trx, codeId: number): Promise<void> {
  if (!(await repo.markCodeUsed(trx, codeId, Date.now()))) throw new AppError('Captcha incorrect')
}
