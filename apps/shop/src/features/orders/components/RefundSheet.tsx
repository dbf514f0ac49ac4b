import { centsToInput } from '@bazaar/contract/money'
import { formatUsd } from '@bazaar/contract/money-format'
import type { Order } from '@bazaar/contract/orders'
import { refundReasonMaxLength } from '@bazaar/contract/orders-values'
import Button from 'antd-mobile/es/components/button'
import Input from 'antd-mobile/es/components/input'
import Popup from 'antd-mobile/es/components/popup'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useLocale } from '../../../shared/i18n/language'
import { RadioCard } from '../../../shared/ui/RadioCard'
import { toast } from '../../../shared/ui/toast'
import { useApplyRefund } from '../api/apply-refund'
import { refundableLines } from '../order-view'
import { parseRefundAmount, refundableCents } from '../refund-amount'
import styles from './RefundSheet.module.css'

type Props = { order: Order; visible: boolean; initialLineId?: number; onClose: () => void }

/**
 * The refund application (SPEC §2 orderDetail, §3 Refund): which line, how much in dollars (at
 * most what was paid for it less refunds, sent as exact cents) and why.
 */
export function RefundSheet({ order, visible, initialLineId, onClose }: Props) {
  const { t } = useTranslation(['common', 'orders'])
  const { locale } = useLocale()
  const apply = useApplyRefund()
  const lines = refundableLines(order, Date.now())
  const [lineId, setLineId] = useState<number | undefined>(undefined)
  const [amount, setAmount] = useState('')
  const [reason, setReason] = useState('')
  const [error, setError] = useState<'line' | 'format' | 'zero' | 'tooMuch' | 'reason' | undefined>(undefined)
  const line = lines.find((l) => l.id === lineId)
  const maxCents = line ? refundableCents(line) : 0

  // The form starts afresh each time the sheet opens (set while rendering, React's way to reset
  // state on a prop change); later changes of the order must not reset what is typed.
  const [wasVisible, setWasVisible] = useState(false)
  if (visible !== wasVisible) {
    setWasVisible(visible)
    if (visible) {
      const first = lines.find((l) => l.id === initialLineId) ?? (lines.length === 1 ? lines[0] : undefined)
      setLineId(first?.id)
      setAmount(first ? centsToInput(refundableCents(first)) : '')
      setReason('')
      setError(undefined)
    }
  }

  const choose = (id: number) => {
    const chosen = lines.find((l) => l.id === id)
    setLineId(id)
    if (chosen) setAmount(centsToInput(refundableCents(chosen)))
    setError(undefined)
  }

  const submit = async () => {
    if (!line) return setError('line')
    const parsed = parseRefundAmount(amount, maxCents)
    if (!parsed.ok) return setError(parsed.error)
    if (reason.trim() === '') return setError('reason')
    await apply.mutateAsync({ orderId: order.id, lineId: line.id, amountCents: parsed.cents, reason: reason.trim() })
    toast(t('orders:refund.applied'))
    onClose()
  }

  return (
    <Popup visible={visible} onMaskClick={onClose} onClose={onClose} bodyClassName={styles.body} showCloseButton destroyOnClose>
      <form
        className={styles.form}
        noValidate
        onSubmit={(event) => {
          event.preventDefault()
          void submit().catch(() => undefined)
        }}
        data-testid="refund-sheet"
      >
        <h2 className={styles.title}>{t('orders:refund.title')}</h2>
        <fieldset className={styles.group}>
          <legend className={styles.label}>{t('orders:refund.line')}</legend>
          <div className={styles.choices}>
            {lines.map((l) => (
              <RadioCard
                key={l.id}
                name="refund-line"
                checked={l.id === lineId}
                className={l.id === lineId ? `${styles.choice} ${styles.chosen}` : styles.choice}
                onSelect={() => choose(l.id)}
                testId="refund-line"
              >
                <span className={styles.choiceTitle} dir="auto">
                  {l.title}
                  {Object.keys(l.options).length > 0 ? ` · ${l.skuName}` : ''}
                </span>
                <span className={styles.choiceMax}>{t('orders:refund.upTo', { amount: formatUsd(refundableCents(l), locale) })}</span>
              </RadioCard>
            ))}
          </div>
          {error === 'line' && <p className={styles.error}>{t('orders:refund.errors.line')}</p>}
        </fieldset>
        <label className={styles.group}>
          <span className={styles.label}>{t('orders:refund.amount')}</span>
          <Input
            value={amount}
            onChange={(v) => {
              setAmount(v)
              setError(undefined)
            }}
            inputMode="decimal"
            placeholder={line ? t('orders:refund.upTo', { amount: formatUsd(maxCents, locale) }) : ''}
            aria-invalid={error === 'format' || error === 'zero' || error === 'tooMuch'}
            className={styles.input}
            data-testid="refund-amount"
          />
          {(error === 'format' || error === 'zero' || error === 'tooMuch') && (
            <p className={styles.error} role="alert">
              {t(`orders:refund.errors.${error}`, { amount: formatUsd(maxCents, locale) })}
            </p>
          )}
        </label>
        <label className={styles.group}>
          <span className={styles.label}>{t('orders:refund.reason')}</span>
          <textarea
            className={styles.textarea}
            value={reason}
            maxLength={refundReasonMaxLength}
            rows={3}
            onChange={(event) => {
              setReason(event.target.value)
              setError(undefined)
            }}
            placeholder={t('orders:refund.reasonHint')}
            aria-invalid={error === 'reason'}
            data-testid="refund-reason"
          />
          {error === 'reason' && (
            <p className={styles.error} role="alert">
              {t('orders:refund.errors.reason')}
            </p>
          )}
        </label>
        <Button block shape="rounded" color="primary" type="submit" loading={apply.isPending} data-testid="refund-submit">
          {t('orders:refund.submit')}
        </Button>
      </form>
    </Popup>
  )
}
