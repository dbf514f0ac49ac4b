import { codeLength } from '@bazaar/contract/auth-values'
import { translateErrorKey } from '@bazaar/i18n/error-text'
import { useCallback } from 'react'
import { useTranslation } from 'react-i18next'
import type { FieldOfKey } from '../../../shared/api/field-errors'
import { useFormErrors } from '../../../shared/hooks/useFormErrors'

/** Which field of the wallet forms each refusal belongs to (SPEC §8 keys). */
const walletFieldOfKey: FieldOfKey = {
  'Please enter the recharge amount': 'amount',
  'withdrawal amount incorrect': 'amount',
  'exceeds withdrawal limit': 'amount',
  'Insufficient balance': 'amount',
  'select a recharge method': 'network',
  'Recharge closed on this network': 'network',
  'select withdrawal network': 'network',
  'withdrawal function closed': 'network',
  'upload the transfer attachment': 'proof',
  'enter withdrawal address': 'address',
  'Invalid address': 'address',
  'payment password error': 'paymentPassword',
  'Password incorrect': 'currentPassword',
  'Captcha incorrect': 'code',
  'Invalid transaction hash': 'txHash',
}

/** Checks before sending whose text is the account forms' (an empty password, a code that is not 6 digits). */
type ProofCheck = 'passwordRequired' | 'code'

/** 'passwordRequired' when the current password is empty. */
export const currentPasswordCheck = (text: string): ProofCheck | undefined => (text === '' ? 'passwordRequired' : undefined)
/** 'code' unless `text` is the 6-digit e-mail code. */
export const codeCheck = (text: string): ProofCheck | undefined =>
  new RegExp(`^\\d{${codeLength}}$`).test(text.trim()) ? undefined : 'code'

/**
 * The wallet forms' errors, shown beside their fields: own checks are catalogue keys, or the
 * account forms' texts for the password and code that a new withdrawal address asks for.
 */
export function useFieldErrors() {
  const { t } = useTranslation('account')
  const describe = useCallback(
    (key: string) => (key === 'passwordRequired' || key === 'code' ? t(`validation.${key}`) : translateErrorKey(key)),
    [t],
  )
  return useFormErrors<string>(walletFieldOfKey, describe)
}
