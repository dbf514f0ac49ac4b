import Button from 'antd-mobile/es/components/button'
import Input from 'antd-mobile/es/components/input'
import { type FormEvent, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useSession } from '../../../shared/session'
import { Field } from '../../../shared/ui/Field'
import { PageHeader } from '../../../shared/ui/PageHeader'
import { toast } from '../../../shared/ui/toast'
import { useChangeEmail } from '../api/change-email'
import { CodeButton } from '../components/CodeButton'
import form from '../components/form.module.css'
import { useFieldErrors } from '../hooks/useFieldErrors'
import { useLeave } from '../hooks/useLeave'
import { codeProblem, emailProblem } from '../validation'

/**
 * /pages/member/email_edit (SPEC §2 email management): a code to the new address (purpose
 * change_email), then POST /api/me/email; the new address is the login from then on.
 */
export default function EmailEditPage() {
  const { t } = useTranslation('account')
  const session = useSession()
  const change = useChangeEmail()
  const errors = useFieldErrors()
  const leave = useLeave()
  const [email, setEmail] = useState('')
  const [code, setCode] = useState('')

  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (!errors.check({ email: emailProblem(email), code: codeProblem(code) })) return
    change.mutate(
      { email: email.trim(), code: code.trim() },
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
        <Field label={t('email.new')} htmlFor="email-new" error={errors.errorOf('email')}>
          <Input
            id="email-new"
            type="email"
            inputMode="email"
            autoComplete="email"
            value={email}
            onChange={(value) => {
              setEmail(value)
              errors.clear('email')
            }}
            placeholder={t('field.emailPlaceholder')}
            maxLength={254}
            data-testid="email-new"
          />
        </Field>
        <Field label={t('field.code')} htmlFor="email-code" error={errors.errorOf('code')}>
          <Input
            id="email-code"
            inputMode="numeric"
            autoComplete="one-time-code"
            value={code}
            onChange={(value) => {
              setCode(value.replace(/\D/g, ''))
              errors.clear('code')
            }}
            placeholder={t('field.codePlaceholder')}
            maxLength={6}
            data-testid="email-code"
          />
          <CodeButton
            purpose="change_email"
            email={email}
            canSend={() => errors.check({ email: emailProblem(email) })}
            testId="send-code"
          />
        </Field>
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
