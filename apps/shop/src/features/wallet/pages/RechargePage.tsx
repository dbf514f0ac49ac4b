import { ApiError } from '@bazaar/contract/api-error'
import { unknownErrorKey } from '@bazaar/contract/envelope-values'
import { parseCents, sanitizeAmountInput } from '@bazaar/contract/money'
import type { RechargeBody } from '@bazaar/contract/wallet'
import { txHashShapeOk } from '@bazaar/contract/wallet-values'
import Button from 'antd-mobile/es/components/button'
import Input from 'antd-mobile/es/components/input'
import PayCircleOutline from 'antd-mobile-icons/es/PayCircleOutline'
import { type FormEvent, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router'
import { useWallet } from '../../../shared/api/wallet/get-wallet'
import { useIdempotencyKey } from '../../../shared/hooks/useIdempotencyKey'
import { paths } from '../../../shared/paths'
import { Delayed } from '../../../shared/ui/Delayed'
import { EmptyState } from '../../../shared/ui/EmptyState'
import { ErrorRetry } from '../../../shared/ui/ErrorRetry'
import { Field } from '../../../shared/ui/Field'
import { PageHeader } from '../../../shared/ui/PageHeader'
import { toast, toastError } from '../../../shared/ui/toast'
import { useCreateRecharge } from '../api/create-recharge'
import { useNetworks } from '../api/get-networks'
import { DepositCard } from '../components/DepositCard'
import { FrozenBanner } from '../components/FrozenBanner'
import form from '../components/form.module.css'
import { NetworkPicker } from '../components/NetworkPicker'
import { ProofUploader } from '../components/ProofUploader'
import { UsdtRate } from '../components/UsdtRate'
import { useFieldErrors } from '../hooks/useFieldErrors'

/** The fields of the recharge form that can show a refusal. */
const formFields = ['amount', 'network', 'proof', 'txHash']

/** The catalogue key of a failed call ('unknown error' for anything that is not a reply). */
const errorKeyOf = (error: unknown) => (error instanceof ApiError ? error.key : unknownErrorKey)

/**
 * /pages/member/recharge (SPEC §2, §3 Recharge, §5): choose a network, send USDT to its
 * deposit address (text and QR code), then file the amount with a transfer proof for review.
 * A network without a deposit address is shown closed. The Idempotency-Key is minted on the
 * tap and reused for a retry until an answer comes.
 */
export default function RechargePage() {
  const { t } = useTranslation('wallet')
  const navigate = useNavigate()
  const networks = useNetworks()
  const wallet = useWallet()
  const create = useCreateRecharge()
  const idempotency = useIdempotencyKey()
  const errors = useFieldErrors()
  const [chosen, setChosen] = useState<string>()
  const [amount, setAmount] = useState('')
  const [proofId, setProofId] = useState<number>()
  const [uploading, setUploading] = useState(false)
  const [txHash, setTxHash] = useState('')

  const list = networks.data ?? []
  const code = chosen ?? list.find((n) => n.depositAddress)?.code ?? list[0]?.code
  const network = list.find((n) => n.code === code)
  const frozen = wallet.data?.walletStatus === 'frozen'

  const submit = (event: FormEvent) => {
    event.preventDefault()
    const amountCents = parseCents(amount)
    const hash = txHash.trim()
    // SPEC §5 order: amount, method, attachment; the same keys the server answers.
    const problems = {
      amount: amountCents ? undefined : 'Please enter the recharge amount',
      network: network?.depositAddress ? undefined : 'select a recharge method',
      proof: proofId ? undefined : 'upload the transfer attachment',
      txHash: !hash || !network || txHashShapeOk(network.addressFormat, hash) ? undefined : 'Invalid transaction hash',
    }
    if (!errors.check(problems)) {
      const first = Object.values(problems).find(Boolean)
      if (first) toastError(first)
      return
    }
    if (!network || !amountCents || !proofId) return
    const body: RechargeBody = { networkCode: network.code, amountCents, proofUploadId: proofId, ...(hash ? { txHash: hash } : {}) }
    create.mutate(
      { body, idempotencyKey: idempotency.take(body) },
      {
        onSettled: (_data, error) => idempotency.settle(error),
        onSuccess: () => {
          toast(t('recharge.done'), { icon: 'success' })
          navigate(paths.money, { replace: true })
        },
        // Beside the field the reply names; a toast only for what belongs to no field here.
        onError: (error) => {
          if (!errors.fromError(error).some((field) => formFields.includes(field))) toastError(errorKeyOf(error))
        },
      },
    )
  }

  if (networks.isError) {
    return (
      <div className={form.page}>
        <PageHeader title={t('recharge.title')} />
        <ErrorRetry onRetry={() => void networks.refetch()} />
      </div>
    )
  }

  return (
    <div className={form.page}>
      <PageHeader title={t('recharge.title')} />
      {frozen && <FrozenBanner />}
      {networks.isPending ? (
        <Delayed>
          <div className={`${form.skeleton} bz-shimmer`} />
          <div className={`${form.skeleton} bz-shimmer`} />
        </Delayed>
      ) : list.every((n) => !n.depositAddress) ? (
        <EmptyState icon={<PayCircleOutline />} title={t('recharge.noNetworks')} hint={t('recharge.noNetworksHint')} />
      ) : (
        <form onSubmit={submit} noValidate>
          <div className={form.card}>
            <NetworkPicker
              networks={list}
              value={code}
              onChange={(next) => {
                setChosen(next)
                errors.clear('network')
              }}
              closedReason={(n) => (n.depositAddress ? undefined : t('network.rechargeClosed'))}
              error={errors.errorOf('network')}
            />
            {network && !network.depositAddress && (
              <p className={form.note} data-testid="recharge-closed">
                {t('network.closedNote', { name: network.name })}
              </p>
            )}
          </div>
          {network?.depositAddress && <DepositCard network={network} />}
          <div className={form.card}>
            <Field label={t('recharge.amount')} htmlFor="recharge-amount" error={errors.errorOf('amount')} hint={t('recharge.amountHint')}>
              <Input
                id="recharge-amount"
                inputMode="decimal"
                value={amount}
                onChange={(value) => {
                  setAmount(sanitizeAmountInput(value))
                  errors.clear('amount')
                }}
                placeholder={t('recharge.amountPlaceholder')}
                autoComplete="off"
                data-testid="recharge-amount"
              />
              <span className={form.unit} data-testid="recharge-amount-unit">
                USDT
              </span>
            </Field>
            <UsdtRate />
            <Field label={t('recharge.proof')} error={errors.errorOf('proof')} hint={t('recharge.proofHint')} testId="recharge-proof" bare>
              <ProofUploader
                onChange={(id) => {
                  setProofId(id)
                  errors.clear('proof')
                }}
                onBusyChange={setUploading}
              />
            </Field>
            <Field label={t('recharge.txHash')} htmlFor="recharge-tx" error={errors.errorOf('txHash')}>
              <Input
                id="recharge-tx"
                value={txHash}
                onChange={(value) => {
                  setTxHash(value.trim())
                  errors.clear('txHash')
                }}
                placeholder={t('recharge.txHashPlaceholder')}
                autoComplete="off"
                autoCapitalize="off"
                maxLength={100}
                data-testid="recharge-tx"
              />
            </Field>
          </div>
          <div className={form.submitBar}>
            <Button
              type="submit"
              block
              shape="rounded"
              color="primary"
              loading={create.isPending}
              disabled={uploading || frozen}
              className={form.submit}
              data-testid="recharge-submit"
            >
              {t('recharge.submit')}
            </Button>
          </div>
        </form>
      )}
    </div>
  )
}
