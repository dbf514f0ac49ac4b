import { ApiError } from '@bazaar/contract/api-error'
import { centsToInput, parseCents, sanitizeAmountInput } from '@bazaar/contract/money'
import { formatUsdt } from '@bazaar/contract/money-format'
import type { WithdrawalBody } from '@bazaar/contract/wallet'
import { translateErrorKey } from '@bazaar/i18n/error-text'
import Button from 'antd-mobile/es/components/button'
import Input from 'antd-mobile/es/components/input'
import { type FormEvent, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useNavigate } from 'react-router'
import { useWallet } from '../../../shared/api/wallet/get-wallet'
import { useIdempotencyKey } from '../../../shared/hooks/useIdempotencyKey'
import { useLocale } from '../../../shared/i18n/language'
import { paths, withRedirect } from '../../../shared/paths'
import { Delayed } from '../../../shared/ui/Delayed'
import { ErrorRetry } from '../../../shared/ui/ErrorRetry'
import { Field } from '../../../shared/ui/Field'
import { Money } from '../../../shared/ui/Money'
import { PageHeader } from '../../../shared/ui/PageHeader'
import { toast, toastError } from '../../../shared/ui/toast'
import { shortAddress } from '../address-format'
import { receivedCents, withdrawalAmountProblem } from '../amount'
import { useCreateWithdrawal } from '../api/create-withdrawal'
import { useAddresses } from '../api/get-addresses'
import { useNetworks } from '../api/get-networks'
import { AddressPicker } from '../components/AddressPicker'
import { FrozenBanner } from '../components/FrozenBanner'
import form from '../components/form.module.css'
import { NetworkPicker } from '../components/NetworkPicker'
import { PaymentPasswordSheet } from '../components/PaymentPasswordSheet'
import { UsdtRate } from '../components/UsdtRate'
import { useFieldErrors } from '../hooks/useFieldErrors'
import { addAddressHref } from '../links'
import styles from './WithdrawalPage.module.css'

/** Refusals shown inside the password sheet, which stays open for another try. */
const sheetKeys = ['payment password error', 'Payment password locked', 'Network Error', 'Idempotency key in use']

/**
 * /pages/member/withdrawal (SPEC §2, §3 Withdrawal, §5): network, a saved address, the amount
 * with minimum, limit and fee, and the actual amount received worked out live; then the
 * payment password on a number keyboard. Closed networks are shown closed.
 */
export default function WithdrawalPage() {
  const { t } = useTranslation('wallet')
  const { locale } = useLocale()
  const navigate = useNavigate()
  const wallet = useWallet()
  const networks = useNetworks()
  const addresses = useAddresses()
  const create = useCreateWithdrawal()
  const idempotency = useIdempotencyKey()
  const errors = useFieldErrors()
  const [chosen, setChosen] = useState<string>()
  const [addressId, setAddressId] = useState<number>()
  const [amount, setAmount] = useState('')
  const [sheetOpen, setSheetOpen] = useState(false)
  const [sheetError, setSheetError] = useState<string>()

  const list = networks.data ?? []
  const code = chosen ?? list.find((n) => n.withdrawalsEnabled)?.code ?? list[0]?.code
  const network = list.find((n) => n.code === code)
  const ofNetwork = (addresses.data ?? []).filter((a) => a.networkCode === code).sort((a, b) => b.createdAtMs - a.createdAtMs)
  const address = ofNetwork.find((a) => a.id === addressId) ?? ofNetwork[0]
  const amountCents = parseCents(amount)
  const summary = wallet.data
  const frozen = summary?.walletStatus === 'frozen'
  const paypassHref = withRedirect(paths.paypassEdit, paths.withdrawal)

  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (!summary || !network) return
    const problems = {
      network: network.withdrawalsEnabled ? undefined : 'withdrawal function closed',
      address: address ? undefined : 'enter withdrawal address',
      amount: withdrawalAmountProblem(amountCents, network, summary.availableCents),
    }
    if (!errors.check(problems)) {
      const first = Object.values(problems).find(Boolean)
      if (first) toastError(first)
      return
    }
    if (!summary.hasPaymentPassword) {
      toastError('set the payment password')
      navigate(paypassHref)
      return
    }
    setSheetError(undefined)
    setSheetOpen(true)
  }

  const send = (paymentPassword: string) => {
    if (!network || !address || !amountCents) return
    const body: WithdrawalBody = { networkCode: network.code, addressId: address.id, amountCents, paymentPassword }
    setSheetError(undefined)
    create.mutate(
      { body, idempotencyKey: idempotency.take(body) },
      {
        onSettled: (_data, error) => idempotency.settle(error),
        onSuccess: () => {
          setSheetOpen(false)
          toast(t('withdrawal.done'), { icon: 'success' })
          navigate(paths.money, { replace: true })
        },
        onError: (error) => {
          if (error instanceof ApiError && sheetKeys.includes(error.key)) {
            setSheetError(translateErrorKey(error.key))
            return
          }
          setSheetOpen(false)
          errors.fromError(error)
        },
      },
    )
  }

  if (networks.isError || wallet.isError) {
    return (
      <div className={form.page}>
        <PageHeader title={t('withdrawal.title')} />
        <ErrorRetry onRetry={() => void Promise.all([networks.refetch(), wallet.refetch()])} />
      </div>
    )
  }

  const usdt = (cents: number) => formatUsdt(cents, locale)
  return (
    <div className={form.page}>
      <PageHeader title={t('withdrawal.title')} />
      {frozen && <FrozenBanner />}
      {!summary || networks.isPending ? (
        <Delayed>
          <div className={`${form.skeleton} bz-shimmer`} />
          <div className={`${form.skeleton} bz-shimmer`} />
        </Delayed>
      ) : (
        <form onSubmit={submit} noValidate>
          <div className={styles.balance}>
            <span>{t('money.available')}</span>
            <Money cents={summary.availableCents} className={styles.balanceAmount} testId="withdrawal-available" />
          </div>
          {!summary.hasPaymentPassword && (
            <div className={styles.notice} role="note">
              <span>{t('withdrawal.noPassword')}</span>
              <Link to={paypassHref} className={styles.noticeLink} data-testid="set-paypass">
                {t('withdrawal.setPassword')}
              </Link>
            </div>
          )}
          <div className={form.card}>
            <NetworkPicker
              networks={list}
              value={code}
              onChange={(next) => {
                setChosen(next)
                setAddressId(undefined)
                errors.clear('network')
              }}
              closedReason={(n) => (n.withdrawalsEnabled ? undefined : t('network.withdrawalClosed'))}
              error={errors.errorOf('network')}
            />
            {network && !network.withdrawalsEnabled && (
              <p className={form.note} data-testid="withdrawal-closed">
                {t('network.withdrawalClosedNote', { name: network.name })}
              </p>
            )}
            {network?.withdrawalsEnabled && (
              <AddressPicker
                addresses={ofNetwork}
                value={address?.id}
                onChange={(id) => {
                  setAddressId(id)
                  errors.clear('address')
                }}
                networkName={network.name}
                addHref={addAddressHref(network.code, paths.withdrawal)}
                error={errors.errorOf('address')}
              />
            )}
          </div>
          {network?.withdrawalsEnabled && (
            <div className={form.card}>
              <Field label={t('withdrawal.amount')} htmlFor="withdrawal-amount" error={errors.errorOf('amount')}>
                <Input
                  id="withdrawal-amount"
                  inputMode="decimal"
                  value={amount}
                  onChange={(value) => {
                    setAmount(sanitizeAmountInput(value))
                    errors.clear('amount')
                  }}
                  placeholder={t('withdrawal.amountPlaceholder', { amount: usdt(network.withdrawalMinCents) })}
                  autoComplete="off"
                  data-testid="withdrawal-amount"
                />
                <span className={form.unit} data-testid="withdrawal-amount-unit">
                  USDT
                </span>
                <button
                  type="button"
                  className={styles.all}
                  onClick={() => {
                    setAmount(centsToInput(Math.min(summary.availableCents, network.withdrawalMaxCents)))
                    errors.clear('amount')
                  }}
                >
                  {t('withdrawal.all')}
                </button>
              </Field>
              <dl className={styles.facts}>
                <dt>{t('withdrawal.minimum')}</dt>
                <dd dir="ltr">{usdt(network.withdrawalMinCents)}</dd>
                <dt>{t('withdrawal.limit')}</dt>
                <dd dir="ltr">{usdt(network.withdrawalMaxCents)}</dd>
                <dt>{t('withdrawal.fee')}</dt>
                <dd dir="ltr" data-testid="withdrawal-fee">
                  {usdt(network.withdrawalFeeCents)}
                </dd>
                <dt className={styles.received}>{t('withdrawal.received')}</dt>
                <dd className={styles.received} dir="ltr" data-testid="withdrawal-received" aria-live="polite">
                  {amountCents ? usdt(receivedCents(amountCents, network.withdrawalFeeCents)) : '—'}
                </dd>
              </dl>
              <p className={form.note}>{t('withdrawal.monthly', { amount: network.monthlyWithdrawalCap })}</p>
              <UsdtRate />
            </div>
          )}
          <div className={form.submitBar}>
            <Button
              type="submit"
              block
              shape="rounded"
              color="primary"
              disabled={frozen || !network?.withdrawalsEnabled}
              className={form.submit}
              data-testid="withdrawal-submit"
            >
              {t('withdrawal.submit')}
            </Button>
          </div>
        </form>
      )}
      <PaymentPasswordSheet
        visible={sheetOpen}
        busy={create.isPending}
        error={sheetError}
        onSubmit={send}
        onClose={() => setSheetOpen(false)}
        resetHref={paypassHref}
        summary={
          amountCents && address ? (
            <span dir="ltr">{t('withdrawal.passwordHint', { amount: usdt(amountCents), address: shortAddress(address.address) })}</span>
          ) : null
        }
      />
    </div>
  )
}
