import Button from 'antd-mobile/es/components/button'
import Input from 'antd-mobile/es/components/input'
import { type FormEvent, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router'
import { loginHref, paths } from '../../../shared/paths'
import { useSession } from '../../../shared/session'
import { Field } from '../../../shared/ui/Field'
import { toast } from '../../../shared/ui/toast'
import { useRegister } from '../api/register'
import { AgreementCheck } from '../components/AgreementCheck'
import { AuthLayout } from '../components/AuthLayout'
import { CodeButton } from '../components/CodeButton'
import form from '../components/form.module.css'
import { PasswordInput } from '../components/PasswordInput'
import { useFieldErrors } from '../hooks/useFieldErrors'
import { useRedirectParam } from '../hooks/useRedirectParam'
import { useStartSession } from '../hooks/useStartSession'
import { codeProblem, emailProblem, passwordProblem } from '../validation'

/**
 * /pages/login/register (SPEC §2, §3 Registration, §5): email, password (hint 6 to 18, the
 * server takes 6 to 30), emailed code with a 60 s resend wait, optional invitation code
 * (prefilled from `?invite=`), agreement first. Logs in on success.
 */
export default function RegisterPage() {
  const { t } = useTranslation('account')
  const navigate = useNavigate()
  const [params] = useSearchParams()
  const redirect = useRedirectParam()
  const session = useSession()
  const startSession = useStartSession()
  const register = useRegister()
  const errors = useFieldErrors()
  const [email, setEmail] = useState('')
  const [password, setPassword] = useState('')
  const [code, setCode] = useState('')
  const [invitationCode, setInvitationCode] = useState(() => (params.get('invite') ?? '').slice(0, 32))
  const [agreed, setAgreed] = useState(false)
  const target = redirect ?? paths.member

  if (session) return <Navigate to={target} replace />

  const emailIsValid = () => errors.check({ email: emailProblem(email) })

  const submit = (event: FormEvent) => {
    event.preventDefault()
    const valid = errors.check({ email: emailProblem(email), password: passwordProblem(password), code: codeProblem(code) })
    if (!valid) return
    if (!agreed) {
      toast(t('register.agreeFirst'))
      return
    }
    const invite = invitationCode.trim()
    register.mutate(
      { email: email.trim(), password, code: code.trim(), agreed: true, ...(invite ? { invitationCode: invite } : {}) },
      {
        onSuccess: (newSession) => {
          startSession(newSession)
          toast(t('register.done'), { icon: 'success' })
          navigate(target, { replace: true })
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
    <AuthLayout
      title={t('register.title')}
      heading={t('register.welcome')}
      subtitle={t('register.subtitle')}
      footer={
        <>
          <span>{t('register.haveAccount')}</span>
          <Link to={redirect ? loginHref(redirect) : paths.login} replace className={form.link}>
            {t('register.login')}
          </Link>
        </>
      }
    >
      <form className={form.form} onSubmit={submit} noValidate>
        <Field label={t('field.email')} htmlFor="register-email" error={errors.errorOf('email')}>
          <Input
            id="register-email"
            type="email"
            inputMode="email"
            autoComplete="email"
            value={email}
            onChange={edit('email', setEmail)}
            placeholder={t('field.emailPlaceholder')}
            maxLength={254}
            data-testid="register-email"
          />
        </Field>
        <Field label={t('field.password')} htmlFor="register-password" error={errors.errorOf('password')} hint={t('field.passwordHint')}>
          <PasswordInput
            id="register-password"
            value={password}
            onChange={edit('password', setPassword)}
            autoComplete="new-password"
            testId="register-password"
          />
        </Field>
        <Field label={t('field.code')} htmlFor="register-code" error={errors.errorOf('code')}>
          <Input
            id="register-code"
            inputMode="numeric"
            autoComplete="one-time-code"
            value={code}
            onChange={edit('code', (v) => setCode(v.replace(/\D/g, '')))}
            placeholder={t('field.codePlaceholder')}
            maxLength={6}
            data-testid="register-code"
          />
          <CodeButton purpose="register" email={email} canSend={emailIsValid} testId="send-code" />
        </Field>
        <Field label={t('field.invitation')} htmlFor="register-invite" error={errors.errorOf('invitationCode')}>
          <Input
            id="register-invite"
            autoCapitalize="characters"
            autoComplete="off"
            value={invitationCode}
            onChange={edit('invitationCode', setInvitationCode)}
            placeholder={t('field.invitationPlaceholder')}
            maxLength={32}
            data-testid="register-invite"
          />
        </Field>
        <AgreementCheck checked={agreed} onChange={setAgreed} />
        <Button
          type="submit"
          block
          shape="rounded"
          color="primary"
          loading={register.isPending}
          className={form.submit}
          data-testid="register-submit"
        >
          {t('register.submit')}
        </Button>
      </form>
    </AuthLayout>
  )
}
