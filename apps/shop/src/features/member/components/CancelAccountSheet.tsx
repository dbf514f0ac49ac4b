import { ApiError } from '@bazaar/contract/api-error'
import type { CancellationCheck } from '@bazaar/contract/auth'
import { translateErrorKey } from '@bazaar/i18n/error-text'
import Button from 'antd-mobile/es/components/button'
import Popup from 'antd-mobile/es/components/popup'
import { type ReactNode, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { formatUsdInText } from '../../../shared/format/numbers'
import { useLocale } from '../../../shared/i18n/language'
import { ErrorRetry } from '../../../shared/ui/ErrorRetry'
import { PasswordField } from '../../../shared/ui/SecretFields'
import { toastError } from '../../../shared/ui/toast'
import { useCancelAccount } from '../api/cancel-account'
import { useCancellationCheck } from '../api/get-cancellation'
import styles from './CancelAccountSheet.module.css'

type Props = { visible: boolean; onCancelled: () => void; onClose: () => void }

/**
 * SPEC §6 account cancellation. It first reads what is still open (GET /api/me/cancellation)
 * and, while anything is, lists it and asks for nothing; only an account with nothing open is
 * asked for its password. A wrong password shows under the field as 'Password incorrect'
 * (never the login's 'Incorrect email or password').
 */
export function CancelAccountSheet({ visible, onCancelled, onClose }: Props) {
  const { t } = useTranslation('account')
  const check = useCancellationCheck(visible)
  const cancel = useCancelAccount()
  const [password, setPassword] = useState('')
  const [error, setError] = useState<string | undefined>()

  const confirm = () =>
    cancel.mutate(
      { password },
      {
        onSuccess: onCancelled,
        onError: (failure) => {
          const key = failure instanceof ApiError ? failure.key : 'unknown error'
          if (key === 'Password incorrect') setError(translateErrorKey(key))
          else if (key !== 'Account cannot be cancelled yet') toastError(key)
        },
      },
    )

  let body: ReactNode
  if (check.isError) body = <ErrorRetry onRetry={() => void check.refetch()} />
  else if (!check.data) body = <p className={styles.text}>{t('cancelCheck.checking')}</p>
  else if (!check.data.canCancel)
    body = (
      <>
        <p className={styles.text}>{t('cancelCheck.blocked')}</p>
        <Blockers check={check.data} />
        <Button block shape="rounded" color="primary" onClick={onClose} className={styles.button} data-testid="cancel-blocked-ok">
          {t('cancelCheck.ok')}
        </Button>
      </>
    )
  else
    body = (
      <>
        <p className={styles.text}>{t('settings.cancelText')}</p>
        <PasswordField
          id="cancel-password"
          testId="cancel-password"
          label={t('field.password')}
          placeholder={t('field.currentPasswordPlaceholder')}
          autoComplete="current-password"
          value={password}
          onChange={(text) => {
            setPassword(text)
            setError(undefined)
          }}
          error={error}
        />
        <div className={styles.actions}>
          <Button block shape="rounded" onClick={onClose} className={styles.button}>
            {t('settings.keep')}
          </Button>
          <Button
            block
            shape="rounded"
            color="danger"
            disabled={!password}
            loading={cancel.isPending}
            onClick={confirm}
            className={styles.button}
            data-testid="cancel-confirm"
          >
            {t('settings.cancelConfirm')}
          </Button>
        </div>
      </>
    )

  return (
    <Popup
      visible={visible}
      onMaskClick={cancel.isPending ? undefined : onClose}
      onClose={onClose}
      afterClose={() => {
        setPassword('')
        setError(undefined)
      }}
      bodyClassName={styles.body}
      destroyOnClose
    >
      <h2 className={styles.title}>{t('settings.cancelTitle')}</h2>
      {body}
    </Popup>
  )
}

/** The open business, one line each: amounts in dollars (as every balance), counts as numbers. */
function Blockers({ check }: { check: CancellationCheck }) {
  const { t } = useTranslation('account')
  const { locale } = useLocale()
  const usd = (cents: number) => formatUsdInText(cents, locale)
  const lines = [
    check.availableCents > 0 && { key: 'balance', text: t('cancelCheck.balance', { amount: usd(check.availableCents) }) },
    check.heldCents > 0 && { key: 'held', text: t('cancelCheck.held', { amount: usd(check.heldCents) }) },
    check.openOrders > 0 && { key: 'orders', text: t('cancelCheck.orders', { amount: check.openOrders }) },
    check.openRefunds > 0 && { key: 'refunds', text: t('cancelCheck.refunds', { amount: check.openRefunds }) },
    check.pendingWithdrawals > 0 && { key: 'withdrawals', text: t('cancelCheck.withdrawals', { amount: check.pendingWithdrawals }) },
    check.pendingRecharges > 0 && { key: 'recharges', text: t('cancelCheck.recharges', { amount: check.pendingRecharges }) },
    check.ownsShop && { key: 'shop', text: t('cancelCheck.shop') },
  ].filter((line) => line !== false)
  return (
    <ul className={styles.blockers} data-testid="cancel-blockers">
      {lines.map((line) => (
        <li key={line.key} className={styles.blocker} data-blocker={line.key}>
          {line.text}
        </li>
      ))}
    </ul>
  )
}
