import { emailMaxLength, paymentPasswordLength } from '@bazaar/contract/auth-values'
import Input from 'antd-mobile/es/components/input'
import { useTranslation } from 'react-i18next'
import { Field } from '../../../shared/ui/Field'
import { PasscodeCells } from '../../../shared/ui/PasscodeCells'
import type { FormField } from '../hooks/useFormField'
import styles from './fields.module.css'

/**
 * The account forms' own fields (e-mail address, payment password cells): one labelled block
 * each, fed by `useFormField`. The password and e-mail code fields are shared with the wallet
 * (shared/ui/SecretFields.tsx). `id` ties the label to the input; `testId` names the input for
 * the end-to-end tests.
 */
type Props = FormField & { id: string; testId: string }

/** An e-mail address (at most 254 characters). `label` defaults to 'Email'. */
export function EmailField({
  id,
  testId,
  value,
  onChange,
  error,
  label,
  autoComplete = 'email',
}: Props & { label?: string; autoComplete?: 'email' | 'username' }) {
  const { t } = useTranslation('account')
  return (
    <Field label={label ?? t('field.email')} htmlFor={id} error={error}>
      <Input
        id={id}
        type="email"
        inputMode="email"
        autoComplete={autoComplete}
        value={value}
        onChange={onChange}
        placeholder={t('field.emailPlaceholder')}
        maxLength={emailMaxLength}
        data-testid={testId}
      />
    </Field>
  )
}

/** The 6-digit payment password in cells (SPEC §5), labelled by `label`; `hint` shows under it while there is no error. */
export function PinField({ id, testId, value, onChange, error, label, hint }: Props & { label: string; hint?: string }) {
  const labelId = `${id}-label`
  return (
    <div className={styles.pin}>
      <span className={styles.label} id={labelId}>
        {label}
      </span>
      <PasscodeCells
        labelledBy={labelId}
        length={paymentPasswordLength}
        value={value}
        onChange={onChange}
        error={Boolean(error)}
        data-testid={testId}
        className={styles.passcode}
      />
      {error ? (
        <p className={styles.error} role="alert">
          {error}
        </p>
      ) : (
        hint && <p className={styles.hint}>{hint}</p>
      )}
    </div>
  )
}
