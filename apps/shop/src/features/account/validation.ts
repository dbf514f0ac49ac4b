import {
  codeLength,
  emailMaxLength,
  isBlankPassword,
  isSimplePaymentPassword,
  nicknameMaxLength,
  nicknameMinLength,
  passwordLengthOk,
  paymentPasswordLength,
} from '@bazaar/contract/auth-values'

/**
 * Checks done before a form is sent, with the contract's rules (SPEC §5), so a person sees the
 * problem beside the field at once. Each returns a key of `account:validation`, or undefined.
 */
export type ValidationKey =
  | 'email'
  | 'password'
  | 'passwordBlank'
  | 'passwordRequired'
  | 'code'
  | 'nickname'
  | 'paypass'
  | 'paypassSimple'
  | 'paypassMismatch'

// The shape the contract's z.email() accepts in practice; the server has the last word.
const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@.]{2,}$/

/** 'email' unless `text` (trimmed) looks like an address of at most 254 characters. */
export function emailProblem(text: string): ValidationKey | undefined {
  const email = text.trim()
  return email.length <= emailMaxLength && emailPattern.test(email) ? undefined : 'email'
}

/**
 * A new password's problem by the server's rule (contract auth-values): 'password' unless it
 * has 8 to 64 characters, 'passwordBlank' when it is only spaces. Whether it is a common
 * password only the server knows (its list is too large for the shop).
 */
export function passwordProblem(text: string): ValidationKey | undefined {
  if (!passwordLengthOk(text)) return 'password'
  return isBlankPassword(text) ? 'passwordBlank' : undefined
}

/** 'passwordRequired' when the current password is left empty. */
export function currentPasswordProblem(text: string): ValidationKey | undefined {
  return text === '' ? 'passwordRequired' : undefined
}

/** 'code' unless `text` (trimmed) is the 6-digit e-mail code. */
export function codeProblem(text: string): ValidationKey | undefined {
  return new RegExp(`^\\d{${codeLength}}$`).test(text.trim()) ? undefined : 'code'
}

/** 'nickname' unless `text` (trimmed) has 2 to 24 letters and no control characters. */
export function nicknameProblem(text: string): ValidationKey | undefined {
  const name = text.trim()
  const length = [...name].length
  return length >= nicknameMinLength && length <= nicknameMaxLength && !/\p{C}/u.test(name) ? undefined : 'nickname'
}

/** 'paypass' unless `text` is exactly 6 digits; 'paypassSimple' for repeats and runs (000000, 123456, 654321). */
export function paymentPasswordProblem(text: string): ValidationKey | undefined {
  if (!new RegExp(`^\\d{${paymentPasswordLength}}$`).test(text)) return 'paypass'
  return isSimplePaymentPassword(text) ? 'paypassSimple' : undefined
}
