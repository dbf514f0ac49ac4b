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
}

const hashOf = (email: string, purpose: string, code: string) => sha256(`${purpose}:${email}:${code}`)

/**
 * Issues a 6-digit code for an email and purpose and mails it after the row is stored
 * (SPEC §9: one send per 60 s, valid 10 minutes).
 * @returns when the next send is allowed, in ms from now
 * @throws 'Send Frequently' within 60 s of the previous code
 */
export async function issueCode(db: Db, mailer: Mailer, email: string, purpose: CodePurpose): Promise<{ resendAfterMs: number }> {
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
  await mailer.send({
    to: email,
    subject: subjects[purpose],
    text: `Your Bazaar verification code is ${code}.\n\nIt is valid for 10 minutes and works once. If you did not ask for it, ignore this message.\n`,
  })
  return { resendAfterMs: codeResendMs }
}

/**
 * Checks a code against the newest one sent. A wrong code counts a try (kept even when the
 * caller's work fails later); after 5 wrong tries, or once expired or used, only a new code
 * works. Call before the transaction, then `consumeCode` inside it.
 * @returns the code's id
 * @throws 'Captcha incorrect'
 */
export async function checkCode(db: Db, email: string, purpose: CodePurpose, code: string): Promise<number> {
  const latest = await repo.findLatestCode(db.kysely, email, purpose)
  if (!latest || latest.used_at_ms !== null || latest.expires_at_ms <= Date.now() || latest.wrong_tries >= codeMaxWrongTries)
    throw new AppError('Captcha incorrect')
  if (latest.code_hash !== hashOf(email, purpose, code)) {
    await repo.countWrongCode(db.kysely, latest.id)
    throw new AppError('Captcha incorrect')
  }
  return latest.id
}

/**
 * Marks a checked code used, inside the caller's transaction; a code used concurrently
 * elsewhere fails here (conditional update).
 * @throws 'Captcha incorrect'
 */
export async function consumeCode(trx: Trx, codeId: number): Promise<void> {
  if (!(await repo.markCodeUsed(trx, codeId, Date.now(), codeMaxWrongTries))) throw new AppError('Captcha incorrect')
}
