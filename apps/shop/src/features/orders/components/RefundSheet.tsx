import { type CaseKind, caseKinds } from '@bazaar/contract/aftersales-values'
import type { Order } from '@bazaar/contract/orders'
import { refundReasonMaxLength } from '@bazaar/contract/orders-values'
import Button from 'antd-mobile/es/components/button'
import Popup from 'antd-mobile/es/components/popup'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { formatDateTime } from '../../../shared/format/time'
import { useLocale } from '../../../shared/i18n/language'
import { Money } from '../../../shared/ui/Money'
import { QuantityStepper } from '../../../shared/ui/QuantityStepper'
import { RadioCard } from '../../../shared/ui/RadioCard'
import { toast } from '../../../shared/ui/toast'
import { useApplyRefund } from '../api/apply-refund'
import { refundableLines, refundPreviewCents, unitsLeft } from '../order-view'
import styles from './RefundSheet.module.css'

type Props = { order: Order; visible: boolean; initialLineId?: number; onClose: () => void }

/**
 * The after-sales application (SPEC §2 orderDetail, §3 Refund; issue 23): which line, how
 * many of its units, what the buyer asks for ('refund only', or once the order has shipped
 * 'return and refund'), and why. The amount is not typed: it is what was paid for those
 * units, shown before sending by the same rule the server applies. The toast says by when
 * the shop answers (the deadline stored with the case).
 */
export function RefundSheet({ order, visible, initialLineId, onClose }: Props) {
  const { t } = useTranslation(['common', 'orders'])
  const { locale } = useLocale()
  const apply = useApplyRefund()
  const shipped = order.shippedAtMs !== null
  const [kind, setKind] = useState<CaseKind>('refund_only')
  const lines = refundableLines(order, Date.now())
  const [lineId, setLineId] = useState<number | undefined>(undefined)
  const [quantity, setQuantity] = useState(1)
  const [reason, setReason] = useState('')
  const [error, setError] = useState<'line' | 'reason' | undefined>(undefined)
  const line = lines.find((l) => l.id === lineId)
  const left = line ? unitsLeft(line) : 0

  // The form starts afresh each time the sheet opens (set while rendering, React's way to reset
  // state on a prop change); later changes of the order must not reset what is typed.
  const [wasVisible, setWasVisible] = useState(false)
  if (visible !== wasVisible) {
    setWasVisible(visible)
    if (visible) {
      const first = lines.find((l) => l.id === initialLineId) ?? (lines.length === 1 ? lines[0] : undefined)
      setLineId(first?.id)
      setQuantity(first ? unitsLeft(first) : 1)
      setReason('')
      setKind('refund_only')
      setError(undefined)
    }
  }

  const choose = (id: number) => {
    const chosen = lines.find((l) => l.id === id)
    setLineId(id)
    if (chosen) setQuantity(unitsLeft(chosen))
    setError(undefined)
  }

  const submit = async () => {
    if (!line) return setError('line')
    if (reason.trim() === '') return setError('reason')
    const changed = await apply.mutateAsync({
      orderId: order.id,
      lineId: line.id,
      quantity: Math.min(quantity, left),
      reason: reason.trim(),
      kind: shipped ? kind : 'refund_only',
    })
    const opened = changed.refunds.reduce((last, r) => (r.id > last.id ? r : last), changed.refunds[0]!)
    toast(t('orders:refund.applied', { time: formatDateTime(opened.respondByMs, locale) }))
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
                <span className={styles.choiceMax}>{t('orders:refund.unitsLeft', { amount: unitsLeft(l) })}</span>
              </RadioCard>
            ))}
          </div>
          {error === 'line' && <p className={styles.error}>{t('orders:refund.errors.line')}</p>}
        </fieldset>
        {line && (
          <div className={styles.group}>
            <span className={styles.label} id="refund-quantity-label">
              {t('orders:refund.quantity')}
            </span>
            <div className={styles.quantityRow}>
              <QuantityStepper
                min={1}
                max={left}
                step={1}
                digits={0}
                value={Math.min(quantity, left)}
                onChange={setQuantity}
                label={t('orders:refund.quantity')}
                data-testid="refund-quantity"
              />
              <span className={styles.back} data-testid="refund-back">
                {t('orders:refund.youGetBack')} <Money cents={refundPreviewCents(line, Math.min(quantity, left))} />
              </span>
            </div>
          </div>
        )}
        {shipped && (
          <fieldset className={styles.group}>
            <legend className={styles.label}>{t('orders:case.kindQuestion')}</legend>
            <div className={styles.choices}>
              {caseKinds.map((k) => (
                <RadioCard
                  key={k}
                  name="refund-kind"
                  checked={k === kind}
                  className={k === kind ? `${styles.choice} ${styles.chosen}` : styles.choice}
                  onSelect={() => setKind(k)}
                  testId={`refund-kind-${k}`}
                >
                  <span className={styles.choiceTitle}>{t(`orders:case.kind.${k}`)}</span>
                  <span className={styles.choiceMax}>{t(`orders:case.kindHint.${k}`)}</span>
                </RadioCard>
              ))}
            </div>
          </fieldset>
        )}
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
