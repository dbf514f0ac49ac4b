import type { CodePurpose } from '@bazaar/contract/auth-values'
import { codeLength } from '@bazaar/contract/auth-values'
import Input from 'antd-mobile/es/components/input'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { CodeButton } from './CodeButton'
import { Field } from './Field'
import { PasswordInput } from './PasswordInput'

/**
 * The fields that prove who is acting (SPEC §5; ARCHITECTURE.md, Sensitive changes): a password
 * and the 6-digit e-mail code with its send button. Shared by the account forms and the wallet's
 * address form. `id` ties the label to the input; `testId` names the input for end-to-end tests.
 */
export type SecretFieldProps = {
  id: string
  testId: string
  value: string
  onChange: (value: string) => void
  error: string | undefined
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
}: SecretFieldProps & { label: string; hint?: ReactNode; placeholder?: string; autoComplete: 'current-password' | 'new-password' }) {
  return (
    <Field label={label} htmlFor={id} error={error} hint={hint}>
      <PasswordInput id={id} value={value} onChange={onChange} placeholder={placeholder} autoComplete={autoComplete} testId={testId} />
    </Field>
  )
}

/** The account's current login password, asked by every sensitive change. */
export function CurrentPasswordField(props: SecretFieldProps) {
  const { t } = useTranslation('account')
  return (
    <PasswordField
      {...props}
      label={t('field.currentPassword')}
      placeholder={t('field.currentPasswordPlaceholder')}
      autoComplete="current-password"
    />
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
}: SecretFieldProps & { purpose: CodePurpose; email?: string; canSend?: () => boolean }) {
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
