import { ApiError } from '@bazaar/contract/api-error'
import { paymentPasswordLength as passwordLength } from '@bazaar/contract/auth-values'
import type { Order } from '@bazaar/contract/orders'
import { useQuery } from '@tanstack/react-query'
import Button from 'antd-mobile/es/components/button'
import NumberKeyboard from 'antd-mobile/es/components/number-keyboard'
import Popup from 'antd-mobile/es/components/popup'
import { useEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useNavigate } from 'react-router'
import { walletQuery } from '../../../shared/api/wallet/get-wallet'
import { useIdempotencyKey } from '../../../shared/hooks/useIdempotencyKey'
import { currentPath, paths, withRedirect } from '../../../shared/paths'
import { Money } from '../../../shared/ui/Money'
import { PasscodeCells, type PasscodeInputRef } from '../../../shared/ui/PasscodeCells'
import { toast, toastError } from '../../../shared/ui/toast'
import { usePayOrders } from '../api/pay-orders'
import styles from './PaymentSheet.module.css'

type Props = {
  visible: boolean
  orderIds: number[]
  /** What the orders cost, as the server computed it. */
  totalCents: number
  onPaid: (orders: Order[]) => void
  onClose: () => void
  /** The wallet is too low: the sheet closes after a toast linking to recharge. */
  onInsufficient?: () => void
  /** Where to come back to pay after setting a payment password (default: the page open now). */
  returnTo?: string
}

/**
 * Pays orders from the wallet (SPEC §2 buy): the 6-digit payment password on antd-mobile's
 * PasscodeInput and NumberKeyboard. The Idempotency-Key is minted when the sixth digit is
 * typed (the person confirms) and reused if no answer came (network), so a retry can never pay
 * twice; any answer ends it. A buyer without a payment password is not asked to type one: the
 * sheet sends them to set it first, and back to `returnTo` to pay (a 406 does the same). The
 * amount and the balance are both dollars, as every price and balance (Money).
 */
export function PaymentSheet({ visible, orderIds, totalCents, onPaid, onClose, onInsufficient, returnTo }: Props) {
  const { t } = useTranslation(['common', 'orders'])
  // The wallet's own query (same key, so the wallet page shares it), read fresh for a payment.
  const wallet = useQuery({ ...walletQuery(), enabled: visible, staleTime: 0 })
  const pay = usePayOrders()
  const [password, setPassword] = useState('')
  const [wrong, setWrong] = useState(false)
  const [unanswered, setUnanswered] = useState(false)
  const idempotency = useIdempotencyKey()
  const cells = useRef<PasscodeInputRef>(null)
  const navigate = useNavigate()
  const noPassword = wallet.data?.hasPaymentPassword === false

  useEffect(() => {
    if (!visible) {
      setPassword('')
      setWrong(false)
      return
    }
    if (noPassword) return
    // Open the number keyboard once the sheet has slid in.
    const timer = window.setTimeout(() => cells.current?.focus(), 350)
    return () => window.clearTimeout(timer)
  }, [visible, noPassword])

  const submit = (paymentPassword: string) => {
    if (pay.isPending || paymentPassword.length !== passwordLength) return
    setUnanswered(false)
    pay.mutate(
      { orderIds, paymentPassword, idempotencyKey: idempotency.take({ orderIds, paymentPassword }) },
      {
        onSettled: (_data, error) => idempotency.settle(error),
        onSuccess: ({ items }) => {
          onPaid(items)
        },
        onError: (error) => {
          if (error instanceof ApiError && error.isNetwork) {
            // No answer: the same key goes with the retry, so a payment that did land is not repeated.
            setUnanswered(true)
            return
          }
          setPassword('')
          const errorKey = error instanceof ApiError ? error.key : 'unknown error'
          if (errorKey === 'payment password error') {
            setWrong(true)
          } else if (errorKey === 'Insufficient balance') {
            toast(
              <span className={styles.toast}>
                {t('orders:pay.insufficient')}{' '}
                <a href={`#${paths.recharge}`} className={styles.toastLink} data-testid="recharge-link">
                  {t('orders:pay.recharge')}
                </a>
              </span>,
              { durationMs: 4_000 },
            )
            ;(onInsufficient ?? onClose)()
          } else if (error instanceof ApiError && error.code === 406) {
            onClose()
          } else {
            toastError(errorKey)
          }
        },
      },
    )
  }

  const balance = wallet.data?.availableCents
  const short = balance !== undefined && balance < totalCents

  const setPasswordFirst = () => navigate(withRedirect(paths.paypassEdit, returnTo ?? currentPath()))

  return (
    <Popup
      visible={visible}
      onMaskClick={pay.isPending ? undefined : onClose}
      onClose={onClose}
      bodyClassName={noPassword ? styles.bodyPlain : styles.body}
      showCloseButton={!pay.isPending}
      destroyOnClose
    >
      <div className={styles.sheet} data-testid="payment-sheet">
        <h2 className={styles.title}>{t('orders:pay.title')}</h2>
        <Money cents={totalCents} className={styles.amount} testId="pay-amount" />
        <p className={styles.balance}>
          {t('orders:pay.balance')} {balance === undefined ? '…' : <Money cents={balance} testId="pay-balance" />}
          {short && (
            <>
              {' · '}
              <Link to={paths.recharge} className={styles.link}>
                {t('orders:pay.recharge')}
              </Link>
            </>
          )}
        </p>
        {noPassword ? (
          <div className={styles.setFirst} data-testid="pay-set-password">
            <p className={styles.setFirstTitle}>{t('orders:pay.noPasswordTitle')}</p>
            <p className={styles.setFirstText}>{t('orders:pay.noPasswordText')}</p>
            <Button block shape="rounded" color="primary" onClick={setPasswordFirst} data-testid="pay-set-password-go">
              {t('orders:pay.setPassword')}
            </Button>
          </div>
        ) : (
          <>
            <p
              id="pay-password-prompt"
              className={wrong ? `${styles.prompt} ${styles.wrong}` : styles.prompt}
              role={wrong ? 'alert' : undefined}
            >
              {wrong ? t('orders:pay.wrongPassword') : t('orders:pay.enterPassword')}
            </p>
            <PasscodeCells
              ref={cells}
              labelledBy="pay-password-prompt"
              className={styles.passcode}
              length={passwordLength}
              value={password}
              onChange={(value) => {
                setPassword(value.replace(/\D/g, ''))
                setWrong(false)
              }}
              onFill={submit}
              error={wrong}
              seperated
              keyboard={<NumberKeyboard />}
              data-testid="passcode"
            />
            {unanswered && (
              <div className={styles.retry}>
                <span>{t('orders:pay.noAnswer')}</span>
                <Button size="small" shape="rounded" color="primary" onClick={() => submit(password)} loading={pay.isPending}>
                  {t('common.retry')}
                </Button>
              </div>
            )}
            {pay.isPending && <p className={styles.paying}>{t('orders:pay.paying')}</p>}
            <Link to={withRedirect(paths.paypassEdit, returnTo ?? currentPath())} className={styles.forgot}>
              {t('orders:pay.forgot')}
            </Link>
          </>
        )}
      </div>
    </Popup>
  )
}
