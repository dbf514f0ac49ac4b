import { ApiError } from '@bazaar/contract/api-error'
import { translateErrorKey } from '@bazaar/i18n/error-text'
import { useCallback, useState } from 'react'
import { fieldErrorsOf } from '../../../shared/api/client'

/** Which field of the wallet forms each refusal belongs to (SPEC §8 keys). */
const fieldOfKey: Record<string, string> = {
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
}

/** Error keys by field, kept as keys and translated when shown. */
export function useFieldErrors() {
  const [errors, setErrors] = useState<Record<string, string>>({})

  /** Sets the problems found before sending (catalogue keys); true when there are none. */
  const check = useCallback((problems: Record<string, string | undefined>) => {
    const next: Record<string, string> = {}
    for (const [field, key] of Object.entries(problems)) if (key) next[field] = key
    setErrors(next)
    return Object.keys(next).length === 0
  }, [])

  const fromError = useCallback((error: unknown) => {
    const next: Record<string, string> = { ...fieldErrorsOf(error) }
    const field = error instanceof ApiError ? fieldOfKey[error.key] : undefined
    if (field && error instanceof ApiError && !next[field]) next[field] = error.key
    setErrors(next)
  }, [])

  const clear = useCallback((field: string) => {
    setErrors((current) => {
      if (!(field in current)) return current
      const { [field]: _gone, ...rest } = current
      return rest
    })
  }, [])

  const errorOf = (field: string): string | undefined => (errors[field] ? translateErrorKey(errors[field]) : undefined)

  return { check, fromError, clear, errorOf }
}
