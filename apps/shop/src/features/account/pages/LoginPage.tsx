import Button from 'antd-mobile/es/components/button'
import type { FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, Navigate, useNavigate } from 'react-router'
import { paths, registerHref, withRedirect } from '../../../shared/paths'
import { useSession } from '../../../shared/session'
import { PasswordField } from '../../../shared/ui/SecretFields'
import { toast } from '../../../shared/ui/toast'
import { useLogin } from '../api/login'
import { AuthLayout } from '../components/AuthLayout'
import { EmailField } from '../components/fields'
import form from '../components/form.module.css'
import { useFieldErrors } from '../hooks/useFieldErrors'
import { useFormField } from '../hooks/useFormField'
import { useRedirectParam } from '../hooks/useRedirectParam'
import { useStartSession } from '../hooks/useStartSession'
import { emailProblem } from '../validation'

/**
 * /pages/login/login (SPEC §2): email and password; afterwards back to `?redirect=` (the page
 * that asked for a login) or the account page. A password older than today's rule still logs
 * in, and goes to the password page first (`mustChangePassword`), which then goes on there.
 */
export default function LoginPage() {
  const { t } = useTranslation('account')
  const navigate = useNavigate()
  const redirect = useRedirectParam()
  const session = useSession()
  const startSession = useStartSession()
  const login = useLogin()
  const errors = useFieldErrors()
  const email = useFormField(errors, 'email')
  const password = useFormField(errors, 'password')
  const target = redirect ?? paths.member

  if (session) return <Navigate to={target} replace />

  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (!errors.check({ email: emailProblem(email.value), password: password.value ? undefined : 'passwordRequired' })) return
    login.mutate(
      { email: email.value.trim(), password: password.value },
      {
        onSuccess: (newSession) => {
          startSession(newSession)
          toast(t('login.done'), { icon: 'success' })
          navigate(newSession.user.mustChangePassword ? withRedirect(paths.passwordEdit, target) : target, { replace: true })
        },
        onError: errors.fromError,
      },
    )
  }

  return (
    <AuthLayout
      title={t('login.title')}
      heading={t('login.welcome')}
      subtitle={t('login.subtitle')}
      footer={
        <>
          <span>{t('login.noAccount')}</span>
          <Link to={registerHref({ redirect })} replace className={form.link} data-testid="to-register">
            {t('login.register')}
          </Link>
        </>
      }
    >
      <form className={form.form} onSubmit={submit} noValidate>
        <EmailField id="login-email" testId="login-email" autoComplete="username" {...email} />
        <PasswordField
          id="login-password"
          testId="login-password"
          label={t('field.password')}
          placeholder={t('field.passwordPlaceholder')}
          autoComplete="current-password"
          {...password}
        />
        <div className={form.aside}>
          <Link to={withRedirect(paths.forgot, redirect)} className={form.link} data-testid="to-forgot">
            {t('login.forgot')}
          </Link>
        </div>
        <Button
          type="submit"
          block
          shape="rounded"
          color="primary"
          loading={login.isPending}
          className={form.submit}
          data-testid="login-submit"
        >
          {t('login.submit')}
        </Button>
      </form>
    </AuthLayout>
  )
}
