import { useCallback } from 'react'
import { useTranslation } from 'react-i18next'
import { useFormErrors } from '../../../shared/hooks/useFormErrors'
import { accountFieldOfKey } from '../field-errors'
import type { ValidationKey } from '../validation'

/** The account forms' errors: own checks are `account:validation` keys, refusals go to their fields by `accountFieldOfKey`. */
export function useFieldErrors() {
  const { t } = useTranslation('account')
  const describe = useCallback((key: ValidationKey) => t(`validation.${key}`), [t])
  return useFormErrors<ValidationKey>(accountFieldOfKey, describe)
}
