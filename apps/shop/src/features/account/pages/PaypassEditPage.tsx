import Button from 'antd-mobile/es/components/button'
import type { FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { useSession } from '../../../shared/session'
import { PageHeader } from '../../../shared/ui/PageHeader'
import { CodeField, CurrentPasswordField } from '../../../shared/ui/SecretFields'
import { toast } from '../../../shared/ui/toast'
import { useSetPaymentPassword } from '../api/set-payment-password'
import { PinField } from '../components/fields'
import form from '../components/form.module.css'
import { useFieldErrors } from '../hooks/useFieldErrors'
import { useFormField } from '../hooks/useFormField'
import { useLeave } from '../hooks/useLeave'
import { useRedirectParam } from '../hooks/useRedirectParam'
import { codeProblem, currentPasswordProblem, paymentPasswordProblem, type ValidationKey } from '../validation'

/**
 * /pages/member/paypass_edit (SPEC §2, §5; a sensitive change): the login password, a code to
 * the own email (purpose payment_password) and 6 digits twice (no repeats or runs), then POST
 * /api/me/payment-password. A 406 anywhere ('set the payment password') and the pay sheet open
 * this page with `?redirect=`, where it goes back after.
 */
export default function PaypassEditPage() {
  const { t } = useTranslation('account')
  const session = useSession()
  const redirect = useRedirectParam()
  const save = useSetPaymentPassword()
  const errors = useFieldErrors()
  const leave = useLeave(redirect)
  const current = useFormField(errors, 'currentPassword')
  const code = useFormField(errors, 'code')
  const pin = useFormField(errors, 'paymentPassword')
  const repeat = useFormField(errors, 'repeat')

  const submit = (event: FormEvent) => {
    event.preventDefault()
    const pinProblem = paymentPasswordProblem(pin.value)
    const repeatProblem: ValidationKey | undefined = pinProblem ? undefined : repeat.value === pin.value ? undefined : 'paypassMismatch'
    const problems = {
      currentPassword: currentPasswordProblem(current.value),
      code: codeProblem(code.value),
      paymentPassword: pinProblem,
      repeat: repeatProblem,
    }
    if (!errors.check(problems)) return
    save.mutate(
      { currentPassword: current.value, code: code.value.trim(), paymentPassword: pin.value },
      {
        onSuccess: () => {
          toast(t('paypass.saved'), { icon: 'success' })
          leave()
        },
        onError: errors.fromError,
      },
    )
  }

  return (
    <div className={form.page}>
      <PageHeader title={t('paypass.title')} />
      <p className={form.intro}>
        {t('paypass.subtitle', { email: session?.user?.email ?? '' })}
        {session?.user?.hasPaymentPassword && <> {t('paypass.replaces')}</>}
      </p>
      <form className={`${form.card} ${form.form}`} onSubmit={submit} noValidate>
        <CurrentPasswordField id="paypass-current" testId="paypass-current" {...current} />
        <CodeField id="paypass-code" testId="paypass-code" purpose="payment_password" {...code} />
        <PinField id="paypass-new" testId="paypass-new" label={t('paypass.new')} hint={t('paypass.hint')} {...pin} />
        <PinField id="paypass-repeat" testId="paypass-repeat" label={t('paypass.repeat')} {...repeat} />
        <Button
          type="submit"
          block
          shape="rounded"
          color="primary"
          loading={save.isPending}
          className={form.submit}
          data-testid="paypass-save"
        >
          {t('action.save')}
        </Button>
      </form>
    </div>
  )
}
