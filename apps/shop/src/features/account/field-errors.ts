import { ApiError } from '@bazaar/contract/api-error'
import { fieldErrorsOf } from '../../shared/api/client'

/**
 * Which form field a refusal belongs to, so the form shows it there as well as in the toast
 * (SPEC §8 keys). Schema failures name their fields themselves (reply `data.fields`).
 */
const fieldOfKey: Record<string, string> = {
  'Captcha incorrect': 'code',
  'Email incorrect': 'email',
  'Email already exists': 'email',
  'Email does not exist': 'email',
  Unregistered: 'email',
  'Incorrect account': 'password',
  'Password must be 6 to 30 characters': 'password',
  'Invitation code does not exist': 'invitationCode',
  'Nickname is already taken': 'nickname',
  'payment password error': 'paymentPassword',
}

/** Error keys by field name, from a failed call: `{ code: 'Captcha incorrect' }`. */
export function errorKeysByField(error: unknown): Record<string, string> {
  const byField: Record<string, string> = { ...fieldErrorsOf(error) }
  if (error instanceof ApiError) {
    const field = fieldOfKey[error.key]
    if (field && !byField[field]) byField[field] = error.key
  }
  return byField
}
