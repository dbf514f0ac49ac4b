import Button from 'antd-mobile/es/components/button'
import type { FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router'
import { loginHref, paths } from '../../../shared/paths'
import { clearSession, isLoggedIn } from '../../../shared/session'
import { CodeField, PasswordField } from '../../../shared/ui/SecretFields'
import { toast } from '../../../shared/ui/toast'
import { useResetPassword } from '../api/reset-password'
import { AuthLayout } from '../components/AuthLayout'
import { EmailField } from '../components/fields'
import form from '../components/form.module.css'
import { useFieldErrors } from '../hooks/useFieldErrors'
import { useFormField } from '../hooks/useFormField'
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
  const email = useFormField(errors, 'email')
  const code = useFormField(errors, 'code')
  const password = useFormField(errors, 'password')

  const submit = (event: FormEvent) => {
    event.preventDefault()
    const problems = { email: emailProblem(email.value), code: codeProblem(code.value), password: passwordProblem(password.value) }
    if (!errors.check(problems)) return
    reset.mutate(
      { email: email.value.trim(), code: code.value.trim(), password: password.value },
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

  return (
    <AuthLayout title={t('forgot.title')} heading={t('forgot.title')} subtitle={t('forgot.subtitle')}>
      <form className={form.form} onSubmit={submit} noValidate>
        <EmailField id="forgot-email" testId="forgot-email" autoComplete="username" {...email} />
        <CodeField
          id="forgot-code"
          testId="forgot-code"
          purpose="reset_password"
          email={email.value}
          canSend={() => errors.check({ email: emailProblem(email.value) })}
          {...code}
        />
        <PasswordField
          id="forgot-password"
          testId="forgot-password"
          label={t('field.newPassword')}
          hint={t('field.passwordHint')}
          autoComplete="new-password"
          {...password}
        />
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
