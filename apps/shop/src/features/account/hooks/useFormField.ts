import { useState } from 'react'

/** What a field component needs: the text, its change handler and the error to show under it. */
export type FormField = { value: string; onChange: (value: string) => void; error: string | undefined }

/** The part of a form's errors (useFieldErrors) a field uses. */
type FieldErrors = { clear: (field: string) => void; errorOf: (field: string) => string | undefined }

/**
 * One text field of an account form: its state, a change handler that also clears the field's
 * error (the person is fixing it), and its current error; spread it onto a field component.
 * @param name the field's name in `errors` and in the server's refusals ('email', 'code'…)
 */
export function useFormField(errors: FieldErrors, name: string, initial: string | (() => string) = ''): FormField {
  const [value, setValue] = useState(initial)
  const onChange = (next: string) => {
    setValue(next)
    errors.clear(name)
  }
  return { value, onChange, error: errors.errorOf(name) }
}
