import { paymentPasswordLength } from '@bazaar/contract/auth-values'
import NumberKeyboard from 'antd-mobile/es/components/number-keyboard'
import Popup from 'antd-mobile/es/components/popup'
import { type ReactNode, useEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { PasscodeCells, type PasscodeInputRef } from '../../../shared/ui/PasscodeCells'
import styles from './PaymentPasswordSheet.module.css'

type Props = {
  visible: boolean
  summary: ReactNode
  busy: boolean
  /** A refusal to show under the cells (a wrong password); the cells empty for another try. */
  error?: string
  onSubmit: (paymentPassword: string) => void
  onClose: () => void
  /** Where a forgotten payment password is set again. */
  resetHref: string
}

/**
 * The payment password sheet: 6 cells typed on antd-mobile's number keyboard; sent as soon as
 * the sixth digit is in. Digits never leave this component except to `onSubmit`.
 */
export function PaymentPasswordSheet({ visible, summary, busy, error, onSubmit, onClose, resetHref }: Props) {
  const { t } = useTranslation('wallet')
  const [value, setValue] = useState('')
  const input = useRef<PasscodeInputRef>(null)

  // A refusal empties the cells for the next try.
  useEffect(() => {
    if (error) setValue('')
  }, [error])

  return (
    <Popup
      visible={visible}
      onMaskClick={busy ? undefined : onClose}
      onClose={onClose}
      afterShow={() => input.current?.focus()}
      afterClose={() => setValue('')}
      bodyClassName={styles.body}
      destroyOnClose
    >
      <h2 className={styles.title} id="paypass-sheet-title">
        {t('withdrawal.passwordTitle')}
      </h2>
      <div className={styles.summary}>{summary}</div>
      <PasscodeCells
        ref={input}
        labelledBy="paypass-sheet-title"
        length={paymentPasswordLength}
        value={value}
        onChange={(next) => setValue(next.replace(/\D/g, ''))}
        onFill={(pin) => {
          if (!busy) onSubmit(pin)
        }}
        error={Boolean(error)}
        keyboard={<NumberKeyboard />}
        className={styles.cells}
        data-testid="paypass-sheet-input"
      />
      <p className={styles.error} role="alert" data-testid="paypass-sheet-error">
        {error ?? ''}
      </p>
      <Link to={resetHref} className={styles.reset}>
        {t('withdrawal.forgotPassword')}
      </Link>
    </Popup>
  )
}
