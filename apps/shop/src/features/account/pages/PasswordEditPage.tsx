import Button from 'antd-mobile/es/components/button'
import type { FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { useSession } from '../../../shared/session'
import { PageHeader } from '../../../shared/ui/PageHeader'
import { CodeField, CurrentPasswordField, PasswordField } from '../../../shared/ui/SecretFields'
import { toast } from '../../../shared/ui/toast'
import { useChangePassword } from '../api/change-password'
import form from '../components/form.module.css'
import { useFieldErrors } from '../hooks/useFieldErrors'
import { useFormField } from '../hooks/useFormField'
import { useLeave } from '../hooks/useLeave'
import { useRedirectParam } from '../hooks/useRedirectParam'
import { useStartSession } from '../hooks/useStartSession'
import { codeProblem, currentPasswordProblem, passwordProblem } from '../validation'

/**
 * /pages/member/password_edit (SPEC §2 account security; a sensitive change): the current
 * password, a code to the own email (purpose change_password) and the new password (8 to 64
 * characters, the hint states the rule), then POST /api/me/password. The server ends the other
 * sessions and answers a new one, which replaces the stored session. The member page's
 * 'choose a new password' prompt opens it with `?redirect=`, where it goes back after.
 */
export default function PasswordEditPage() {
  const { t } = useTranslation('account')
  const session = useSession()
  const change = useChangePassword()
  const startSession = useStartSession()
  const errors = useFieldErrors()
  const leave = useLeave(useRedirectParam())
  const current = useFormField(errors, 'currentPassword')
  const code = useFormField(errors, 'code')
  const password = useFormField(errors, 'password')

  const submit = (event: FormEvent) => {
    event.preventDefault()
    const problems = {
      currentPassword: currentPasswordProblem(current.value),
      code: codeProblem(code.value),
      password: passwordProblem(password.value),
    }
    if (!errors.check(problems)) return
    change.mutate(
      { currentPassword: current.value, code: code.value.trim(), password: password.value },
      {
        onSuccess: (newSession) => {
          startSession(newSession)
          toast(t('password.saved'), { icon: 'success' })
          leave()
        },
        onError: errors.fromError,
      },
    )
  }

  return (
    <div className={form.page}>
      <PageHeader title={t('password.title')} />
      <p className={form.intro}>{t('password.subtitle', { email: session?.user?.email ?? '' })}</p>
      <form className={`${form.card} ${form.form}`} onSubmit={submit} noValidate>
        <CurrentPasswordField id="password-current" testId="password-current" {...current} />
        <CodeField id="password-code" testId="password-code" purpose="change_password" {...code} />
        <PasswordField
          id="password-new"
          testId="password-new"
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
          loading={change.isPending}
          className={form.submit}
          data-testid="password-save"
        >
          {t('action.save')}
        </Button>
      </form>
    </div>
  )
}
