import { z } from 'zod'
import {
  articleSlugs,
  codeLength,
  codePurposes,
  emailMaxLength,
  invitationCodeMaxLength,
  nicknameMaxLength,
  nicknameMinLength,
  passwordMaxLength,
  passwordMinLength,
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
const password = singleLine()
  .min(passwordMinLength, 'Password must be 6 to 30 characters')
  .max(passwordMaxLength, 'Password must be 6 to 30 characters')
const code = singleLine().regex(new RegExp(`^\\d{${codeLength}}$`), 'Captcha incorrect')
/** SPEC §5: the payment password is 6 digits. */
export const PaymentPassword = singleLine().regex(new RegExp(`^\\d{${paymentPasswordLength}}$`), 'payment password error')

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

export const ChangePasswordBody = z.object({ code, password }).strict()
export type ChangePasswordBody = z.infer<typeof ChangePasswordBody>

export const PaymentPasswordBody = z.object({ code, paymentPassword: PaymentPassword }).strict()
export type PaymentPasswordBody = z.infer<typeof PaymentPasswordBody>

export const ChangeEmailBody = z.object({ email, code }).strict()
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

export const CancelAccountBody = z.object({ password: singleLine().min(1, 'Incorrect account').max(200) }).strict()
export type CancelAccountBody = z.infer<typeof CancelAccountBody>

/** The logged-in person as the member pages see them. */
export const Me = z.object({
  id: z.number().int(),
  email: z.string(),
  nickname: z.string(),
  role: z.enum(['buyer', 'merchant']),
  invitationCode: z.string(),
  hasPaymentPassword: z.boolean(),
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
