import { translateErrorKey } from '@bazaar/i18n/error-text'
import { useCallback, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { errorKeysByField } from '../field-errors'
import type { ValidationKey } from '../validation'

const localPrefix = 'local:'

/**
 * A form's errors by field: our own checks before sending (account:validation keys) and the
 * server's refusals (catalogue keys, SPEC §8). Kept as keys and translated when shown, so a
 * language switch translates them too.
 */
export function useFieldErrors() {
  const { t } = useTranslation('account')
  const [errors, setErrors] = useState<Record<string, string>>({})

  /** Sets the problems found before sending; true when there are none. */
  const check = useCallback((problems: Record<string, ValidationKey | undefined>) => {
    const next: Record<string, string> = {}
    for (const [field, problem] of Object.entries(problems)) if (problem) next[field] = `${localPrefix}${problem}`
    setErrors(next)
    return Object.keys(next).length === 0
  }, [])

  const fromError = useCallback((error: unknown) => setErrors(errorKeysByField(error)), [])

  const clear = useCallback((field: string) => {
    setErrors((current) => {
      if (!(field in current)) return current
      const { [field]: _gone, ...rest } = current
      return rest
    })
  }, [])

  const errorOf = (field: string): string | undefined => {
    const value = errors[field]
    if (!value) return undefined
    return value.startsWith(localPrefix) ? t(`validation.${value.slice(localPrefix.length) as ValidationKey}`) : translateErrorKey(value)
  }

  return { check, fromError, clear, errorOf }
}
