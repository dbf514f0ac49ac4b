import { ApiError } from '@bazaar/contract/api-error'
import { unknownErrorKey } from '@bazaar/contract/envelope-values'
import { parseCents, sanitizeAmountInput } from '@bazaar/contract/money'
import type { Network, RechargeBody } from '@bazaar/contract/wallet'
import { txHashShapeOk } from '@bazaar/contract/wallet-values'
import Button from 'antd-mobile/es/components/button'
import Input from 'antd-mobile/es/components/input'
import { type FormEvent, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router'
import { useIdempotencyKey } from '../../../shared/hooks/useIdempotencyKey'
import { paths } from '../../../shared/paths'
import { Field } from '../../../shared/ui/Field'
import { toast, toastError } from '../../../shared/ui/toast'
import { useCreateRecharge } from '../api/create-recharge'
import { useFieldErrors } from '../hooks/useFieldErrors'
import form from './form.module.css'
import { ProofUploader } from './ProofUploader'

/** The fields of the recharge form that can show a refusal. */
const formFields = ['amount', 'network', 'proof', 'txHash']

/** The catalogue key of a failed call ('unknown error' for anything that is not a reply). */
const errorKeyOf = (error: unknown) => (error instanceof ApiError ? error.key : unknownErrorKey)

/**
 * A recharge filed with its transfer proof, for an operator to review (SPEC §3 Recharge, §5):
 * the amount, the screenshot, the optional transaction hash (any case, with or without 0x).
 * The Idempotency-Key is minted on the tap and reused for a retry until an answer comes.
 * `network` undefined: no open network is chosen (the form says so on submit).
 */
export function ProofForm({ network, disabled }: { network: Network | undefined; disabled: boolean }) {
  const { t } = useTranslation('wallet')
  const navigate = useNavigate()
  const create = useCreateRecharge()
  const idempotency = useIdempotencyKey()
  const errors = useFieldErrors()
  const [amount, setAmount] = useState('')
  const [proofId, setProofId] = useState<number>()
  const [uploading, setUploading] = useState(false)
  const [txHash, setTxHash] = useState('')

  const submit = (event: FormEvent) => {
    event.preventDefault()
    const amountCents = parseCents(amount)
    const hash = txHash.trim()
    // SPEC §5 order: amount, method, attachment; the same keys the server answers.
    const problems = {
      amount: amountCents ? undefined : 'Please enter the recharge amount',
      network: network ? undefined : 'select a recharge method',
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

  return (
    <form onSubmit={submit} noValidate>
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
          <span className={form.unit}>USDT</span>
        </Field>
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
        {errors.errorOf('network') && (
          <p className={form.note} role="alert">
            {errors.errorOf('network')}
          </p>
        )}
      </div>
      <div className={form.submitBar}>
        <Button
          type="submit"
          block
          shape="rounded"
          color="primary"
          loading={create.isPending}
          disabled={uploading || disabled}
          className={form.submit}
          data-testid="recharge-submit"
        >
          {t('recharge.submit')}
        </Button>
      </div>
    </form>
  )
}
