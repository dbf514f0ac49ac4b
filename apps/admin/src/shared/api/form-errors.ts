import { ApiError } from '@bazaar/contract/api-error'
import { unknownErrorKey } from '@bazaar/contract/envelope-values'
import { translateErrorKey } from '@bazaar/i18n/error-text'
import type { FormInstance } from 'antd'
import { toastError } from '../ui/toast'

/** How a form reads a refusal's `fields`. */
export type FieldErrorOptions = {
  /** The form's name of a request field, where they differ: `{ withdrawalMinCents: 'withdrawalMin' }`. */
  fieldOf?: Readonly<Record<string, string>>
  /** A text more precise than the catalogue's for one field and key; undefined keeps the catalogue's. */
  textOf?: (field: string, key: string) => string | undefined
}

/** One antd field error, as `form.setFields` takes it. */
export type FieldError = { name: string; errors: string[] }

/**
 * The refusal's reasons (`data.fields`, each a key of the catalogue) as errors of the form's
 * own fields, translated; fields the form does not have are left out.
 * @param formFields the names of the form's fields
 */
export function fieldErrorsFor(
  error: unknown,
  formFields: readonly string[],
  { fieldOf = {}, textOf }: FieldErrorOptions = {},
): FieldError[] {
  if (!(error instanceof ApiError)) return []
  return Object.entries(error.fields).flatMap(([field, key]) => {
    const name = fieldOf[field] ?? field
    if (!formFields.includes(name)) return []
    return [{ name, errors: [textOf?.(name, key) ?? translateErrorKey(key)] }]
  })
}

/**
 * Shows a refused call where the operator looks: beside the fields the reply names (antd
 * form errors), or, when it names none of this form's fields, as a toast of its key. For
 * calls sent with `quiet` (apiSend), which leave the toast to the caller.
 */
export function showRefusal(form: FormInstance, error: unknown, options?: FieldErrorOptions): void {
  const errors = fieldErrorsFor(error, Object.keys(form.getFieldsValue(true) as object), options)
  if (errors.length > 0) form.setFields(errors)
  else toastError(error instanceof ApiError ? error.key : unknownErrorKey)
}
