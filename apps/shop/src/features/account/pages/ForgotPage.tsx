import Button from 'antd-mobile/es/components/button'
import Input from 'antd-mobile/es/components/input'
import { type FormEvent, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router'
import { loginHref, paths } from '../../../shared/paths'
import { clearSession, isLoggedIn } from '../../../shared/session'
import { Field } from '../../../shared/ui/Field'
import { toast } from '../../../shared/ui/toast'
import { useResetPassword } from '../api/reset-password'
import { AuthLayout } from '../components/AuthLayout'
import { CodeButton } from '../components/CodeButton'
import form from '../components/form.module.css'
import { PasswordInput } from '../components/PasswordInput'
import { useFieldErrors } from '../hooks/useFieldErrors'
import { useRedirectParam } from '../hooks/useRedirectParam'
import { codeProblem, emailProblem, passwordProblem } from '../validation'

/**
 * /pages/member/forgot (SPEC §2): a code to the email (purpose reset_password), then a new
 * password. The server ends every session, so this device logs out too; then login.
 */
export default function ForgotPage() {
  const { t } = useTranslation('account')
  const navigate = useNavigate()
  const redirect = useRedirectParam()
  const reset = useResetPassword()
  const errors = useFieldErrors()
  const [email, setEmail] = useState('')
  const [code, setCode] = useState('')
  const [password, setPassword] = useState('')

  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (!errors.check({ email: emailProblem(email), code: codeProblem(code), password: passwordProblem(password) })) return
    reset.mutate(
      { email: email.trim(), code: code.trim(), password },
      {
        onSuccess: () => {
          if (isLoggedIn()) clearSession()
          toast(t('forgot.done'), { icon: 'success' })
          navigate(redirect ? loginHref(redirect) : paths.login, { replace: true })
        },
        onError: errors.fromError,
      },
    )
  }

  const edit = (field: string, set: (value: string) => void) => (value: string) => {
    set(value)
    errors.clear(field)
  }

  return (
    <AuthLayout title={t('forgot.title')} heading={t('forgot.title')} subtitle={t('forgot.subtitle')}>
      <form className={form.form} onSubmit={submit} noValidate>
        <Field label={t('field.email')} htmlFor="forgot-email" error={errors.errorOf('email')}>
          <Input
            id="forgot-email"
            type="email"
            inputMode="email"
            autoComplete="username"
            value={email}
            onChange={edit('email', setEmail)}
            placeholder={t('field.emailPlaceholder')}
            maxLength={254}
            data-testid="forgot-email"
          />
        </Field>
        <Field label={t('field.code')} htmlFor="forgot-code" error={errors.errorOf('code')}>
          <Input
            id="forgot-code"
            inputMode="numeric"
            autoComplete="one-time-code"
            value={code}
            onChange={edit('code', (v) => setCode(v.replace(/\D/g, '')))}
            placeholder={t('field.codePlaceholder')}
            maxLength={6}
            data-testid="forgot-code"
          />
          <CodeButton
            purpose="reset_password"
            email={email}
            canSend={() => errors.check({ email: emailProblem(email) })}
            testId="send-code"
          />
        </Field>
        <Field label={t('field.newPassword')} htmlFor="forgot-password" error={errors.errorOf('password')} hint={t('field.passwordHint')}>
          <PasswordInput
            id="forgot-password"
            value={password}
            onChange={edit('password', setPassword)}
            autoComplete="new-password"
            testId="forgot-password"
          />
        </Field>
        <Button
          type="submit"
          block
          shape="rounded"
          color="primary"
          loading={reset.isPending}
          className={form.submit}
          data-testid="forgot-submit"
        >
          {t('forgot.submit')}
        </Button>
      </form>
    </AuthLayout>
  )
}
