import Button from 'antd-mobile/es/components/button'
import Input from 'antd-mobile/es/components/input'
import { type FormEvent, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useSession } from '../../../shared/session'
import { Field } from '../../../shared/ui/Field'
import { PageHeader } from '../../../shared/ui/PageHeader'
import { toast } from '../../../shared/ui/toast'
import { useChangePassword } from '../api/change-password'
import { CodeButton } from '../components/CodeButton'
import form from '../components/form.module.css'
import { PasswordInput } from '../components/PasswordInput'
import { useFieldErrors } from '../hooks/useFieldErrors'
import { useLeave } from '../hooks/useLeave'
import { useStartSession } from '../hooks/useStartSession'
import { codeProblem, passwordProblem } from '../validation'

/**
 * /pages/member/password_edit (SPEC §2 account security): a code to the own email (purpose
 * change_password), then POST /api/me/password. The server ends the other sessions and
 * answers a new one, which replaces the stored session.
 */
export default function PasswordEditPage() {
  const { t } = useTranslation('account')
  const session = useSession()
  const change = useChangePassword()
  const startSession = useStartSession()
  const errors = useFieldErrors()
  const leave = useLeave()
  const [code, setCode] = useState('')
  const [password, setPassword] = useState('')

  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (!errors.check({ code: codeProblem(code), password: passwordProblem(password) })) return
    change.mutate(
      { code: code.trim(), password },
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
        <Field label={t('field.code')} htmlFor="password-code" error={errors.errorOf('code')}>
          <Input
            id="password-code"
            inputMode="numeric"
            autoComplete="one-time-code"
            value={code}
            onChange={(value) => {
              setCode(value.replace(/\D/g, ''))
              errors.clear('code')
            }}
            placeholder={t('field.codePlaceholder')}
            maxLength={6}
            data-testid="password-code"
          />
          <CodeButton purpose="change_password" testId="send-code" />
        </Field>
        <Field label={t('field.newPassword')} htmlFor="password-new" error={errors.errorOf('password')} hint={t('field.passwordHint')}>
          <PasswordInput
            id="password-new"
            value={password}
            onChange={(value) => {
              setPassword(value)
              errors.clear('password')
            }}
            autoComplete="new-password"
            testId="password-new"
          />
        </Field>
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
