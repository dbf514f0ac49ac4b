import type { CodePurpose } from '@bazaar/contract/auth-values'
import { codeLength, emailMaxLength, paymentPasswordLength } from '@bazaar/contract/auth-values'
import Input from 'antd-mobile/es/components/input'
import PasscodeInput from 'antd-mobile/es/components/passcode-input'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { Field } from '../../../shared/ui/Field'
import type { FormField } from '../hooks/useFormField'
import { CodeButton } from './CodeButton'
import styles from './fields.module.css'
import { PasswordInput } from './PasswordInput'

/**
 * The account forms' fields (login, register, forgot password, e-mail, password and payment
 * password changes): one labelled block each, fed by `useFormField`. `id` ties the label to
 * the input; `testId` names the input for the end-to-end tests.
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

/** A password with a show/hide toggle; `hint` shows under it while there is no error. */
export function PasswordField({
  id,
  testId,
  value,
  onChange,
  error,
  label,
  hint,
  placeholder,
  autoComplete,
}: Props & { label: string; hint?: ReactNode; placeholder?: string; autoComplete: 'current-password' | 'new-password' }) {
  return (
    <Field label={label} htmlFor={id} error={error} hint={hint}>
      <PasswordInput id={id} value={value} onChange={onChange} placeholder={placeholder} autoComplete={autoComplete} testId={testId} />
    </Field>
  )
}

/**
 * The 6-digit e-mail code (digits only) with its send button. `email` is where the code goes
 * (omitted: the account's own address); `canSend` checks the form first (a bad address).
 */
export function CodeField({
  id,
  testId,
  value,
  onChange,
  error,
  purpose,
  email,
  canSend,
}: Props & { purpose: CodePurpose; email?: string; canSend?: () => boolean }) {
  const { t } = useTranslation('account')
  return (
    <Field label={t('field.code')} htmlFor={id} error={error}>
      <Input
        id={id}
        inputMode="numeric"
        autoComplete="one-time-code"
        value={value}
        onChange={(text) => onChange(text.replace(/\D/g, ''))}
        placeholder={t('field.codePlaceholder')}
        maxLength={codeLength}
        data-testid={testId}
      />
      <CodeButton purpose={purpose} email={email} canSend={canSend} testId="send-code" />
    </Field>
  )
}

/** The 6-digit payment password in cells (SPEC §5), labelled by `label`. */
export function PinField({ id, testId, value, onChange, error, label }: Props & { label: string }) {
  const labelId = `${id}-label`
  return (
    <div className={styles.pin}>
      <span className={styles.label} id={labelId}>
        {label}
      </span>
      <PasscodeInput
        length={paymentPasswordLength}
        value={value}
        onChange={onChange}
        error={Boolean(error)}
        aria-labelledby={labelId}
        data-testid={testId}
        className={styles.passcode}
      />
      {error && (
        <p className={styles.error} role="alert">
          {error}
        </p>
      )}
    </div>
  )
}
