import { z } from 'zod'
import {
  articleSlugs,
  codeLength,
  codePurposes,
  emailMaxLength,
  invitationCodeMaxLength,
  isBlankPassword,
  isSimplePaymentPassword,
  nicknameMaxLength,
  nicknameMinLength,
  passwordLengthOk,
  passwordMaxLength,
  paymentPasswordLength,
} from './auth-values.ts'
import { singleLine } from './text.ts'

/** What an email code is for; a code works only for its purpose. */
export const CodePurpose = z.enum(codePurposes)
export type CodePurpose = z.infer<typeof CodePurpose>

const email = singleLine()
  .trim()
  .toLowerCase()
  .max(emailMaxLength, 'Email incorrect')
  .meta({ format: 'email' })
  .pipe(z.email('Email incorrect'))
/**
 * A new login password: 8 to 64 characters (code points), not all whitespace (auth-values). The
 * common-password list is the server's (too large for the shop); it answers 'Password is too
 * common'. The UTF-16 bound first keeps the check cheap on absurd input.
 */
const password = singleLine()
  .max(passwordMaxLength * 2, 'Password must be 8 to 64 characters')
  .refine(passwordLengthOk, 'Password must be 8 to 64 characters')
  .refine((text) => !isBlankPassword(text), 'Password cannot be only spaces')
/** The account's current password, asked by sensitive changes; any text a login would take. */
const currentPassword = singleLine().min(1, 'Password incorrect').max(200, 'Password incorrect')
const code = singleLine().regex(new RegExp(`^\\d{${codeLength}}$`), 'Captcha incorrect')
/** SPEC §5: the payment password is 6 digits. */
export const PaymentPassword = singleLine().regex(new RegExp(`^\\d{${paymentPasswordLength}}$`), 'payment password error')
/** A new payment password: 6 digits, not one digit repeated nor a straight run (auth-values `isSimplePaymentPassword`). */
const NewPaymentPassword = PaymentPassword.refine((pin) => !isSimplePaymentPassword(pin), 'Payment password too simple')

/**
 * `POST /api/auth/codes`: sends a 6-digit code by email. `email` is needed for register,
 * reset_password and change_email (the new address); the other purposes use the account's own.
 */
export const SendCodeBody = z.object({ purpose: CodePurpose, email: email.optional() }).strict()
export type SendCodeBody = z.infer<typeof SendCodeBody>

/** `POST /api/auth/register` (SPEC §3 Registration). `agreed` must be true ('please agree first' on screen). */
export const RegisterBody = z
  .object({
    email,
    password,
    code,
    agreed: z.literal(true, 'Invalid parameters'),
    invitationCode: singleLine().trim().max(invitationCodeMaxLength).optional(),
  })
  .strict()
export type RegisterBody = z.infer<typeof RegisterBody>

export const LoginBody = z.object({ email, password: singleLine().min(1, 'Incorrect account').max(200, 'Incorrect account') }).strict()
export type LoginBody = z.infer<typeof LoginBody>

export const ResetPasswordBody = z.object({ email, code, password }).strict()
export type ResetPasswordBody = z.infer<typeof ResetPasswordBody>

/**
 * The proof a sensitive change asks for (ARCHITECTURE.md, Sensitive changes): the e-mail code
 * of its purpose and the current login password, so a stolen session alone changes nothing.
 */
export const SensitiveProof = z.object({ code, currentPassword })
export type SensitiveProof = z.infer<typeof SensitiveProof>

/** `POST /api/me/password`: code to the own address, the current and the new password. */
export const ChangePasswordBody = SensitiveProof.extend({ password }).strict()
export type ChangePasswordBody = z.infer<typeof ChangePasswordBody>

/** `POST /api/me/payment-password`: code to the own address, the current password, 6 new digits. */
export const PaymentPasswordBody = SensitiveProof.extend({ paymentPassword: NewPaymentPassword }).strict()
export type PaymentPasswordBody = z.infer<typeof PaymentPasswordBody>

/** `POST /api/me/email`: the new address, the code sent there, and the current password. */
export const ChangeEmailBody = SensitiveProof.extend({ email }).strict()
export type ChangeEmailBody = z.infer<typeof ChangeEmailBody>

/** Nicknames: 2 to 24 characters, no control characters. */
export const NicknameBody = z
  .object({
    nickname: singleLine()
      .trim()
      .min(nicknameMinLength, 'Invalid parameters')
      .max(nicknameMaxLength, 'Invalid parameters')
      .regex(/^[^\p{C}]+$/u, 'Invalid parameters'),
  })
  .strict()
export type NicknameBody = z.infer<typeof NicknameBody>

export const CancelAccountBody = z.object({ password: currentPassword }).strict()
export type CancelAccountBody = z.infer<typeof CancelAccountBody>

/**
 * `GET /api/me/cancellation`: what stops the account's cancellation now (SPEC §6), read before
 * the password is asked. `canCancel` is true when every figure is zero and no shop is open.
 */
export const CancellationCheck = z.object({
  canCancel: z.boolean(),
  availableCents: z.number().int(),
  heldCents: z.number().int(),
  openOrders: z.number().int(),
  openRefunds: z.number().int(),
  pendingWithdrawals: z.number().int(),
  pendingRecharges: z.number().int(),
  ownsShop: z.boolean(),
})
export type CancellationCheck = z.infer<typeof CancellationCheck>

/** The logged-in person as the member pages see them. */
export const Me = z.object({
  id: z.number().int(),
  email: z.string(),
  nickname: z.string(),
  role: z.enum(['buyer', 'merchant']),
  invitationCode: z.string(),
  hasPaymentPassword: z.boolean(),
  /** The password predates the current rule (8 to 64, not common): the shop asks for a new one. */
  mustChangePassword: z.boolean(),
  createdAtMs: z.number().int(),
})
export type Me = z.infer<typeof Me>

/** A new session: the opaque token goes in the `token` header of later calls. */
export const Session = z.object({ token: z.string(), expiresAtMs: z.number().int(), user: Me })
export type Session = z.infer<typeof Session>

/** When the next code may be sent (SPEC §9: the button counts down 60 s). */
export const CodeSent = z.object({ resendAfterMs: z.number().int() })

export const ArticleSlug = z.enum(articleSlugs)
export const Article = z.object({
  slug: ArticleSlug,
  locale: z.string(),
  title: z.string(),
  body: z.string(),
  updatedAtMs: z.number().int(),
})
export type Article = z.infer<typeof Article>
