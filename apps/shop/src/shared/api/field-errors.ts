import { ApiError } from '@bazaar/contract/api-error'
import { fieldErrorsOf } from './client'

/** Which form field each refusal (an error key of the catalogue, SPEC §8) belongs to: `{ 'Captcha incorrect': 'code' }`. */
export type FieldOfKey = Readonly<Record<string, string>>

/**
 * Error keys by field name from a failed call, so a form shows them beside their fields as
 * well as in the toast: the reply's `data.fields` (schema failures name their fields), plus
 * the error's own key under the field `fieldOfKey` gives it. `{ code: 'Captcha incorrect' }`.
 */
export function errorKeysByField(error: unknown, fieldOfKey: FieldOfKey): Record<string, string> {
  const byField: Record<string, string> = { ...fieldErrorsOf(error) }
  if (error instanceof ApiError) {
    const field = fieldOfKey[error.key]
    if (field && !byField[field]) byField[field] = error.key
  }
  return byField
}
