import { paymentPasswordLength } from '@bazaar/contract/auth-values'
import Button from 'antd-mobile/es/components/button'
import Input from 'antd-mobile/es/components/input'
import PasscodeInput from 'antd-mobile/es/components/passcode-input'
import { type FormEvent, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useSession } from '../../../shared/session'
import { Field } from '../../../shared/ui/Field'
import { PageHeader } from '../../../shared/ui/PageHeader'
import { toast } from '../../../shared/ui/toast'
import { useSetPaymentPassword } from '../api/set-payment-password'
import { CodeButton } from '../components/CodeButton'
import form from '../components/form.module.css'
import { useFieldErrors } from '../hooks/useFieldErrors'
import { useLeave } from '../hooks/useLeave'
import { useRedirectParam } from '../hooks/useRedirectParam'
import { codeProblem, paymentPasswordProblem } from '../validation'
import styles from './PaypassEditPage.module.css'

/**
 * /pages/member/paypass_edit (SPEC §2, §5): a code to the own email (purpose
 * payment_password) and 6 digits twice, then POST /api/me/payment-password. A 406 anywhere
 * ('set the payment password') opens this page with `?redirect=`, where it goes back after.
 */
export default function PaypassEditPage() {
  const { t } = useTranslation('account')
  const session = useSession()
  const redirect = useRedirectParam()
  const save = useSetPaymentPassword()
  const errors = useFieldErrors()
  const leave = useLeave(redirect)
  const [code, setCode] = useState('')
  const [pin, setPin] = useState('')
  const [repeat, setRepeat] = useState('')

  const submit = (event: FormEvent) => {
    event.preventDefault()
    const pinProblem = paymentPasswordProblem(pin)
    const repeatProblem = pinProblem ? undefined : repeat === pin ? undefined : 'paypassMismatch'
    if (!errors.check({ code: codeProblem(code), paymentPassword: pinProblem, repeat: repeatProblem })) return
    save.mutate(
      { code: code.trim(), paymentPassword: pin },
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
        <Field label={t('field.code')} htmlFor="paypass-code" error={errors.errorOf('code')}>
          <Input
            id="paypass-code"
            inputMode="numeric"
            autoComplete="one-time-code"
            value={code}
            onChange={(value) => {
              setCode(value.replace(/\D/g, ''))
              errors.clear('code')
            }}
            placeholder={t('field.codePlaceholder')}
            maxLength={6}
            data-testid="paypass-code"
          />
          <CodeButton purpose="payment_password" testId="send-code" />
        </Field>
        <div className={styles.pin}>
          <span className={styles.label} id="paypass-new-label">
            {t('paypass.new')}
          </span>
          <PasscodeInput
            length={paymentPasswordLength}
            value={pin}
            onChange={(value) => {
              setPin(value)
              errors.clear('paymentPassword')
            }}
            error={Boolean(errors.errorOf('paymentPassword'))}
            aria-labelledby="paypass-new-label"
            data-testid="paypass-new"
            className={styles.passcode}
          />
          {errors.errorOf('paymentPassword') && (
            <p className={styles.error} role="alert">
              {errors.errorOf('paymentPassword')}
            </p>
          )}
        </div>
        <div className={styles.pin}>
          <span className={styles.label} id="paypass-repeat-label">
            {t('paypass.repeat')}
          </span>
          <PasscodeInput
            length={paymentPasswordLength}
            value={repeat}
            onChange={(value) => {
              setRepeat(value)
              errors.clear('repeat')
            }}
            error={Boolean(errors.errorOf('repeat'))}
            aria-labelledby="paypass-repeat-label"
            data-testid="paypass-repeat"
            className={styles.passcode}
          />
          {errors.errorOf('repeat') && (
            <p className={styles.error} role="alert">
              {errors.errorOf('repeat')}
            </p>
          )}
        </div>
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
