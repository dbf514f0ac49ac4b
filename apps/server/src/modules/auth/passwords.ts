import { failedLoginWindowMs, isBlankPassword, maxFailedLogins, passwordLengthOk } from '@bazaar/contract/auth-values'
import { hash, verify } from '@node-rs/argon2'
import type { Db } from '../../db/database.ts'
import { AppError } from '../../platform/errors.ts'
import * as repo from './repo.ts'

/**
 * Login passwords (ARCHITECTURE.md, Passwords): argon2id with @node-rs/argon2's defaults
 * (19 MiB, 2 passes, parallelism 1); new ones are 8 to 64 characters, not all whitespace
 * (the contract's schema) and not among the common passwords (here: the list is server-side).
 */
export const hashPassword = (password: string) => hash(password)

// Verified against when the email is unknown, so both refusals take the same time.
const decoyHash = hash('decoy-password-never-matches')

/** Spends an argon2 verification on nothing (an unknown account), so a refusal takes as long as a real one. */
export async function verifyDecoy(password: string): Promise<void> {
  await verify(await decoyHash, password)
}

let common: Promise<Set<string>> | undefined

/**
 * True when a password is on zxcvbn-ts's list of common passwords (49,233 from leaked-password
 * frequency lists, lower case), compared in lower case: 'Secret123' is 'secret123'. The list
 * is loaded and unpacked on first use (about 40 ms, kept), not at every start (BENCH G11).
 */
export async function isCommonPassword(password: string): Promise<boolean> {
  common ??= import('@zxcvbn-ts/language-common').then(({ dictionary }) => new Set(dictionary['passwords-common']))
  return (await common).has(password.toLowerCase())
}

/** True when a password meets today's rule; an older account's may not (it is then asked to change it). */
export async function meetsPasswordRule(password: string): Promise<boolean> {
  return passwordLengthOk(password) && !isBlankPassword(password) && !(await isCommonPassword(password))
}

/**
 * Refuses a new password that the schema let through but is common (OWASP ASVS 2.1.7).
 * @throws 'Password is too common'
 */
export async function assertNotCommon(password: string): Promise<void> {
  if (await isCommonPassword(password)) throw new AppError('Password is too common')
}

/**
 * Checks a user's login password under the account's lock: the check is counted first, in
 * the same statement that checks the lock (at most 10 per 15 minutes, logins and current
 * passwords together), then compared; a right password clears the count.
 * @returns whether the password is right
 * @throws 'Too many requests' while the account's checks are locked
 */
export async function checkAccountPassword(db: Db, user: { id: number; password_hash: string }, password: string): Promise<boolean> {
  if (!(await repo.admitPasswordCheck(db.kysely, user.id, Date.now(), failedLoginWindowMs, maxFailedLogins)))
    throw new AppError('Too many requests')
  if (!(await verify(user.password_hash, password))) return false
  await repo.resetPasswordChecks(db.kysely, user.id)
  return true
}

/**
 * Checks the current password that a sensitive change or a cancellation asks for, under the
 * same lock as logins.
 * @throws 'Password incorrect' | 'Too many requests' | 'User not found'
 */
export async function assertCurrentPassword(db: Db, userId: number, password: string): Promise<void> {
  const user = await repo.findUserById(db.kysely, userId)
  if (!user) throw new AppError('User not found')
  if (!(await checkAccountPassword(db, user, password))) throw new AppError('Password incorrect')
}
