import { translateErrorKey } from '@bazaar/i18n/error-text'
import { useCallback, useState } from 'react'
import { errorKeysByField, type FieldOfKey } from '../api/field-errors'

type FieldError = { key: string; fromCheck: boolean }

/**
 * A form's errors by field: the form's own checks before sending and the server's refusals.
 * Kept as keys and translated when shown, so a language switch translates them too.
 * @param fieldOfKey which field each server refusal belongs to
 * @param describeCheck the text of a key found by `check` (default: a catalogue key's text)
 */
export function useFormErrors<K extends string = string>(fieldOfKey: FieldOfKey, describeCheck: (key: K) => string = translateErrorKey) {
  const [errors, setErrors] = useState<Record<string, FieldError>>({})

  /** Sets the problems found before sending (`{ email: 'email' }`); true when there are none. */
  const check = useCallback((problems: Record<string, K | undefined>) => {
    const next: Record<string, FieldError> = {}
    for (const [field, key] of Object.entries(problems)) if (key) next[field] = { key, fromCheck: true }
    setErrors(next)
    return Object.keys(next).length === 0
  }, [])

  /** Shows a failed call's refusals beside their fields (see errorKeysByField); returns the fields it named. */
  const fromError = useCallback(
    (error: unknown): string[] => {
      const next: Record<string, FieldError> = {}
      for (const [field, key] of Object.entries(errorKeysByField(error, fieldOfKey))) next[field] = { key, fromCheck: false }
      setErrors(next)
      return Object.keys(next)
    },
    [fieldOfKey],
  )

  /** Forgets a field's error (the person is changing it). */
  const clear = useCallback((field: string) => {
    setErrors((current) => {
      if (!(field in current)) return current
      const { [field]: _gone, ...rest } = current
      return rest
    })
  }, [])

  /** The translated error of a field, or undefined. */
  const errorOf = (field: string): string | undefined => {
    const error = errors[field]
    if (!error) return undefined
    return error.fromCheck ? describeCheck(error.key as K) : translateErrorKey(error.key)
  }

  return { check, fromError, clear, errorOf }
}
