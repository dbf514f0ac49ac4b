import Button from 'antd-mobile/es/components/button'
import Input from 'antd-mobile/es/components/input'
import { type FormEvent, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, Navigate, useNavigate } from 'react-router'
import { paths, registerHref, withRedirect } from '../../../shared/paths'
import { useSession } from '../../../shared/session'
import { Field } from '../../../shared/ui/Field'
import { toast } from '../../../shared/ui/toast'
import { useLogin } from '../api/login'
import { AuthLayout } from '../components/AuthLayout'
import form from '../components/form.module.css'
import { PasswordInput } from '../components/PasswordInput'
import { useFieldErrors } from '../hooks/useFieldErrors'
import { useRedirectParam } from '../hooks/useRedirectParam'
import { useStartSession } from '../hooks/useStartSession'
import { emailProblem } from '../validation'

/**
 * /pages/login/login (SPEC §2): email and password; afterwards back to `?redirect=` (the page
 * that asked for a login) or the account page.
 */
export default function LoginPage() {
  const { t } = useTranslation('account')
  const navigate = useNavigate()
  const redirect = useRedirectParam()
  const session = useSession()
  const startSession = useStartSession()
  const login = useLogin()
  const errors = useFieldErrors()
  const [email, setEmail] = useState('')
  const [password, setPassword] = useState('')
  const target = redirect ?? paths.member

  if (session) return <Navigate to={target} replace />

  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (!errors.check({ email: emailProblem(email), password: password ? undefined : 'passwordRequired' })) return
    login.mutate(
      { email: email.trim(), password },
      {
        onSuccess: (newSession) => {
          startSession(newSession)
          toast(t('login.done'), { icon: 'success' })
          navigate(target, { replace: true })
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
        <Field label={t('field.email')} htmlFor="login-email" error={errors.errorOf('email')}>
          <Input
            id="login-email"
            type="email"
            inputMode="email"
            autoComplete="username"
            value={email}
            onChange={(value) => {
              setEmail(value)
              errors.clear('email')
            }}
            placeholder={t('field.emailPlaceholder')}
            maxLength={254}
            data-testid="login-email"
          />
        </Field>
        <Field label={t('field.password')} htmlFor="login-password" error={errors.errorOf('password')}>
          <PasswordInput
            id="login-password"
            value={password}
            onChange={(value) => {
              setPassword(value)
              errors.clear('password')
            }}
            placeholder={t('field.passwordPlaceholder')}
            autoComplete="current-password"
            testId="login-password"
          />
        </Field>
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
