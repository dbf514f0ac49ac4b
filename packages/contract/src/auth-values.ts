/**
 * Account rules as plain values (no zod): auth.ts builds its schemas from them; the shop's
 * forms check the same limits before sending without zod in their chunks (BENCH B2).
 */

/** SPEC §5/§9: passwords are 6 to 30 characters (the form's hint says 6 to 18). */
export const passwordMinLength = 6
export const passwordMaxLength = 30
/** Longest e-mail address, in characters (RFC 5321 path limit less the brackets). */
export const emailMaxLength = 254
/** SPEC §9: verification codes have 6 digits; one resend per 60 s; valid 10 minutes; 5 wrong tries. */
export const codeLength = 6
export const codeResendMs = 60_000
export const codeLifetimeMs = 10 * 60_000
export const codeMaxWrongTries = 5
/** SPEC §5: the payment password is 6 digits. */
export const paymentPasswordLength = 6
/** Nicknames: 2 to 24 characters (letters, not UTF-16 units), no control characters. */
export const nicknameMinLength = 2
export const nicknameMaxLength = 24
/** Longest invitation code, in characters. */
export const invitationCodeMaxLength = 32
/** Sessions last 30 days unless revoked (logout, password change, account lock). */
export const sessionLifetimeMs = 30 * 24 * 60 * 60_000
/** Brute-force guard: the 11th failed login of an account within 15 minutes is refused. */
export const maxFailedLogins = 10
export const failedLoginWindowMs = 15 * 60_000

/** What an email code is for; a code works only for its purpose. */
export const codePurposes = ['register', 'reset_password', 'change_password', 'payment_password', 'change_email'] as const
export type CodePurpose = (typeof codePurposes)[number]

/** The platform's articles (agreement, privacy, introduction, about). */
export const articleSlugs = ['user-agreement', 'privacy-policy', 'platform-introduction', 'about'] as const
export type ArticleSlug = (typeof articleSlugs)[number]
