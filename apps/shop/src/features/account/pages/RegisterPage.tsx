import { invitationCodeMaxLength } from '@bazaar/contract/auth-values'
import Button from 'antd-mobile/es/components/button'
import Input from 'antd-mobile/es/components/input'
import { type FormEvent, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router'
import { loginHref, paths } from '../../../shared/paths'
import { useSession } from '../../../shared/session'
import { Field } from '../../../shared/ui/Field'
import { CodeField, PasswordField } from '../../../shared/ui/SecretFields'
import { toast } from '../../../shared/ui/toast'
import { useRegister } from '../api/register'
import { AgreementCheck } from '../components/AgreementCheck'
import { AuthLayout } from '../components/AuthLayout'
import { EmailField } from '../components/fields'
import form from '../components/form.module.css'
import { useFieldErrors } from '../hooks/useFieldErrors'
import { useFormField } from '../hooks/useFormField'
import { useRedirectParam } from '../hooks/useRedirectParam'
import { useStartSession } from '../hooks/useStartSession'
import { codeProblem, emailProblem, passwordProblem } from '../validation'

/**
 * /pages/login/register (SPEC §2, §3 Registration, §5): email, password (8 to 64 characters,
 * not a common one: hint and error say the same, on purpose not SPEC's 6 to 30), emailed code with a 60 s resend wait, optional invitation code
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
  const email = useFormField(errors, 'email')
  const password = useFormField(errors, 'password')
  const code = useFormField(errors, 'code')
  const invitation = useFormField(errors, 'invitationCode', () => (params.get('invite') ?? '').slice(0, invitationCodeMaxLength))
  const [agreed, setAgreed] = useState(false)
  const target = redirect ?? paths.member

  if (session) return <Navigate to={target} replace />

  const submit = (event: FormEvent) => {
    event.preventDefault()
    const problems = { email: emailProblem(email.value), password: passwordProblem(password.value), code: codeProblem(code.value) }
    if (!errors.check(problems)) return
    if (!agreed) {
      toast(t('register.agreeFirst'))
      return
    }
    const invite = invitation.value.trim()
    register.mutate(
      {
        email: email.value.trim(),
        password: password.value,
        code: code.value.trim(),
        agreed: true,
        ...(invite ? { invitationCode: invite } : {}),
      },
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
        <EmailField id="register-email" testId="register-email" {...email} />
        <PasswordField
          id="register-password"
          testId="register-password"
          label={t('field.password')}
          hint={t('field.passwordHint')}
          autoComplete="new-password"
          {...password}
        />
        <CodeField
          id="register-code"
          testId="register-code"
          purpose="register"
          email={email.value}
          canSend={() => errors.check({ email: emailProblem(email.value) })}
          {...code}
        />
        <Field label={t('field.invitation')} htmlFor="register-invite" error={invitation.error}>
          <Input
            id="register-invite"
            autoCapitalize="characters"
            autoComplete="off"
            value={invitation.value}
            onChange={invitation.onChange}
            placeholder={t('field.invitationPlaceholder')}
            maxLength={invitationCodeMaxLength}
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
