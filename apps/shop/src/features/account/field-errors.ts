import type { FieldOfKey } from '../../shared/api/field-errors'

/**
 * Which account form field a refusal belongs to, so the form shows it there as well as in the
 * toast (SPEC §8 keys). Schema failures name their fields themselves (reply `data.fields`).
 */
export const accountFieldOfKey: FieldOfKey = {
  'Captcha incorrect': 'code',
  'Email incorrect': 'email',
  'Email already exists': 'email',
  'Email does not exist': 'email',
  Unregistered: 'email',
  'Incorrect account': 'password',
  'Password must be 8 to 64 characters': 'password',
  'Password cannot be only spaces': 'password',
  'Password is too common': 'password',
  'Password incorrect': 'currentPassword',
  'Payment password too simple': 'paymentPassword',
  'Invitation code does not exist': 'invitationCode',
  'Nickname is already taken': 'nickname',
  'payment password error': 'paymentPassword',
}
