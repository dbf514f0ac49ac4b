/**
 * Account rules as plain values (no zod): auth.ts builds its schemas from them; the shop's
 * forms check the same limits before sending without zod in their chunks (BENCH B2).
 */

/**
 * Login passwords: 8 to 64 characters (Unicode code points), not all whitespace, and not among
 * the common passwords (checked by the server). This departs from SPEC §5/§9's 6 to 30 (hint
 * 6 to 18) on purpose: OWASP ASVS 4.0 §2.1.1–2.1.2, §2.1.7. Accounts with an older, shorter
 * password still log in and are asked to choose a new one (`Me.mustChangePassword`).
 */
export const passwordMinLength = 8
export const passwordMaxLength = 64
/** Operators' console passwords: at least 12 characters (ARCHITECTURE.md, Passwords). */
export const operatorPasswordMinLength = 12

/** The length of a password in characters (code points, so an emoji counts once). */
export function passwordLength(password: string): number {
  return [...password].length
}

/** True when a new password has 8 to 64 characters. */
export function passwordLengthOk(password: string): boolean {
  const length = passwordLength(password)
  return length >= passwordMinLength && length <= passwordMaxLength
}

/** True when a password is only whitespace (spaces, tabs, line breaks…). */
export function isBlankPassword(password: string): boolean {
  return password.trim() === ''
}
/** Longest e-mail address, in characters (RFC 5321 path limit less the brackets). */
export const emailMaxLength = 254
/** SPEC §9: verification codes have 6 digits; one resend per 60 s; valid 10 minutes; 5 wrong tries. */
export const codeLength = 6
export const codeResendMs = 60_000
export const codeLifetimeMs = 10 * 60_000
export const codeMaxWrongTries = 5
/** SPEC §5: the payment password is 6 digits. */
export const paymentPasswordLength = 6
/** After 5 wrong payment passwords the wallet refuses them for 15 minutes. */
export const maxPaymentFailures = 5
export const paymentLockMs = 15 * 60_000

/**
 * True for a 6-digit payment password that is the first thing anyone tries: one digit
 * repeated (000000, 777777) or a straight run up or down (123456, 345678, 654321). A new
 * payment password like that is refused ('Payment password too simple'); one set before the
 * rule keeps working.
 */
export function isSimplePaymentPassword(pin: string): boolean {
  if (!/^\d+$/.test(pin) || pin.length < 2) return false
  const steps = new Set<number>()
  for (let i = 1; i < pin.length; i++) steps.add(pin.charCodeAt(i) - pin.charCodeAt(i - 1))
  return steps.size === 1 && [0, 1, -1].includes([...steps][0] ?? 2)
}
/** Nicknames: 2 to 24 characters (letters, not UTF-16 units), no control characters. */
export const nicknameMinLength = 2
export const nicknameMaxLength = 24
/** Longest invitation code, in characters. */
export const invitationCodeMaxLength = 32
/** Sessions last 30 days unless revoked (logout, password change, account lock). */
export const sessionLifetimeMs = 30 * 24 * 60 * 60_000
/**
 * Brute-force guard: at most 10 password checks of an account (login, and the current password
 * that sensitive changes and cancellation ask for) within 15 minutes; the 11th is refused,
 * the right password included. Operators' sign-in has the same lock.
 */
export const maxFailedLogins = 10
export const failedLoginWindowMs = 15 * 60_000

/**
 * What an email code is for; a code works only for its purpose. `withdrawal_address` confirms
 * a new withdrawal address (a sensitive change, with the current password).
 */
export const codePurposes = [
  'register',
  'reset_password',
  'change_password',
  'payment_password',
  'change_email',
  'withdrawal_address',
] as const
export type CodePurpose = (typeof codePurposes)[number]

/**
 * What may stop an account's cancellation (SPEC §6): money left in the wallet (available or
 * held), orders not finished, refunds waiting for the merchant, withdrawals or recharges not
 * yet reviewed, a shop still open. `GET /api/me/cancellation` lists the ones that apply.
 */
export const cancellationBlockers = ['balance', 'held', 'orders', 'refunds', 'withdrawals', 'recharges', 'shop'] as const
export type CancellationBlocker = (typeof cancellationBlockers)[number]

/** The platform's articles (agreement, privacy, introduction, about). */
export const articleSlugs = ['user-agreement', 'privacy-policy', 'platform-introduction', 'about'] as const
export type ArticleSlug = (typeof articleSlugs)[number]
