import Button from 'antd-mobile/es/components/button'
import type { FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { useSession } from '../../../shared/session'
import { Field } from '../../../shared/ui/Field'
import { PageHeader } from '../../../shared/ui/PageHeader'
import { CodeField, CurrentPasswordField } from '../../../shared/ui/SecretFields'
import { toast } from '../../../shared/ui/toast'
import { useChangeEmail } from '../api/change-email'
import { EmailField } from '../components/fields'
import form from '../components/form.module.css'
import { useFieldErrors } from '../hooks/useFieldErrors'
import { useFormField } from '../hooks/useFormField'
import { useLeave } from '../hooks/useLeave'
import { codeProblem, currentPasswordProblem, emailProblem } from '../validation'

/**
 * /pages/member/email_edit (SPEC §2 email management; a sensitive change): a code to the new
 * address (purpose change_email) and the current password, then POST /api/me/email; the new
 * address is the login from then on, the old one is told, the other sessions end.
 */
export default function EmailEditPage() {
  const { t } = useTranslation('account')
  const session = useSession()
  const change = useChangeEmail()
  const errors = useFieldErrors()
  const leave = useLeave()
  const email = useFormField(errors, 'email')
  const code = useFormField(errors, 'code')
  const current = useFormField(errors, 'currentPassword')

  const submit = (event: FormEvent) => {
    event.preventDefault()
    const problems = {
      email: emailProblem(email.value),
      code: codeProblem(code.value),
      currentPassword: currentPasswordProblem(current.value),
    }
    if (!errors.check(problems)) return
    change.mutate(
      { email: email.value.trim(), code: code.value.trim(), currentPassword: current.value },
      {
        onSuccess: () => {
          toast(t('email.saved'), { icon: 'success' })
          leave()
        },
        onError: errors.fromError,
      },
    )
  }

  return (
    <div className={form.page}>
      <PageHeader title={t('email.title')} />
      <p className={form.intro}>{t('email.subtitle')}</p>
      <form className={`${form.card} ${form.form}`} onSubmit={submit} noValidate>
        <Field label={t('email.current')}>
          <span className={form.readonly} dir="ltr" data-testid="email-current">
            {session?.user?.email}
          </span>
        </Field>
        <EmailField id="email-new" testId="email-new" label={t('email.new')} {...email} />
        <CodeField
          id="email-code"
          testId="email-code"
          purpose="change_email"
          email={email.value}
          canSend={() => errors.check({ email: emailProblem(email.value) })}
          {...code}
        />
        <CurrentPasswordField id="email-current-password" testId="email-current-password" {...current} />
        <Button
          type="submit"
          block
          shape="rounded"
          color="primary"
          loading={change.isPending}
          className={form.submit}
          data-testid="email-save"
        >
          {t('action.save')}
        </Button>
      </form>
    </div>
  )
}
