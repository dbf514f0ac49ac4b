import { type CouponDraft, type DraftProblem, newDraft, readDraft } from '@bazaar/contract/coupon-draft'
import { type CouponKind, couponKinds, couponLimits } from '@bazaar/contract/coupon-values'
import { sanitizeAmountInput } from '@bazaar/contract/money'
import { translateErrorKey } from '@bazaar/i18n/error-text'
import Button from 'antd-mobile/es/components/button'
import Input from 'antd-mobile/es/components/input'
import { type FormEvent, type ReactNode, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useFormErrors } from '../../../shared/hooks/useFormErrors'
import { Field } from '../../../shared/ui/Field'
import { RadioCard } from '../../../shared/ui/RadioCard'
import { toast } from '../../../shared/ui/toast'
import { useCreateShopCoupon } from '../api/create-shop-coupon'
import styles from './ShopCouponForm.module.css'

/** Server refusals that belong to a field (the rest are toasts). */
const fieldOfKey = { 'Coupon value incorrect': 'amountCents', 'Coupon period incorrect': 'endsAtMs' } as const

/**
 * The new-coupon form of the merchant's coupon page: kind, name, the kind's terms, the window
 * in whole days of the platform's time zone `timeZone` (/api/rules), how many and how many
 * per buyer. Checked here with the server's rules first; the server checks again.
 */
export function ShopCouponForm({ timeZone }: { timeZone: string }) {
  const { t } = useTranslation('coupons')
  const create = useCreateShopCoupon()
  const [draft, setDraft] = useState<CouponDraft>(() => newDraft(Date.now(), timeZone))
  const describe = (key: DraftProblem) => {
    if (key === 'Coupon value incorrect' || key === 'Coupon period incorrect') return translateErrorKey(key)
    if (key === 'name') return t('shop.errors.name', { max: couponLimits.titleMaxLength })
    if (key === 'percent') return t('shop.errors.percent', { min: couponLimits.minPercentOff, max: couponLimits.maxPercentOff })
    if (key === 'count') return t('shop.errors.count', { max: couponLimits.maxStock })
    if (key === 'perBuyer') return t('shop.errors.count', { max: couponLimits.maxPerBuyer })
    return t(`shop.errors.${key}`)
  }
  const errors = useFormErrors<DraftProblem>(fieldOfKey, describe)

  const set = (field: keyof CouponDraft, errorField: string) => (value: string) => {
    setDraft((d) => ({ ...d, [field]: value }))
    errors.clear(errorField)
  }
  const money = (field: 'threshold' | 'amount', errorField: string) => (value: string) => set(field, errorField)(sanitizeAmountInput(value))

  const submit = (event: FormEvent) => {
    event.preventDefault()
    const read = readDraft(draft, timeZone)
    if ('problems' in read) {
      errors.check(read.problems)
      toast(t('shop.fixFields'))
      return
    }
    create.mutate(read.body, {
      onSuccess: () => {
        toast(t('shop.issued'))
        setDraft(newDraft(Date.now(), timeZone))
      },
      onError: (error) => void errors.fromError(error),
    })
  }

  const row = (id: string, label: string, field: string, input: ReactNode) => (
    <Field label={label} htmlFor={id} error={errors.errorOf(field)}>
      {input}
    </Field>
  )
  const text = (id: keyof CouponDraft, onChange: (v: string) => void, mode: 'decimal' | 'numeric' | 'text') => (
    <Input id={`coupon-${id}`} value={draft[id]} onChange={onChange} inputMode={mode} autoComplete="off" data-testid={`coupon-${id}`} />
  )
  const date = (id: 'starts' | 'ends', field: string) => (
    <input
      id={`coupon-${id}`}
      type="date"
      className={styles.date}
      value={draft[id]}
      onChange={(e) => set(id, field)(e.target.value)}
      data-testid={`coupon-${id}`}
    />
  )

  return (
    <form className={styles.form} onSubmit={submit} noValidate data-testid="shop-coupon-form">
      <fieldset className={styles.kinds}>
        <legend className={styles.legend}>{t('shop.kind')}</legend>
        {couponKinds.map((kind: CouponKind) => (
          <RadioCard
            key={kind}
            name="coupon-kind"
            checked={draft.kind === kind}
            onSelect={() => setDraft((d) => ({ ...d, kind }))}
            className={draft.kind === kind ? `${styles.kind} ${styles.chosen}` : styles.kind}
            testId={`coupon-kind-${kind}`}
          >
            {t(`kinds.${kind}`)}
          </RadioCard>
        ))}
      </fieldset>
      {row('coupon-title', t('shop.name'), 'title', text('title', set('title', 'title'), 'text'))}
      <div className={styles.pair}>
        {draft.kind !== 'instant' &&
          row(
            'coupon-threshold',
            t('shop.threshold'),
            'thresholdCents',
            text('threshold', money('threshold', 'thresholdCents'), 'decimal'),
          )}
        {draft.kind === 'full_discount'
          ? row('coupon-percent', t('shop.percent'), 'percentOff', text('percent', set('percent', 'percentOff'), 'numeric'))
          : row('coupon-amount', t('shop.amount'), 'amountCents', text('amount', money('amount', 'amountCents'), 'decimal'))}
      </div>
      <div className={styles.pair}>
        {row('coupon-starts', t('shop.starts'), 'startsAtMs', date('starts', 'startsAtMs'))}
        {row('coupon-ends', t('shop.ends'), 'endsAtMs', date('ends', 'endsAtMs'))}
      </div>
      <div className={styles.pair}>
        {row('coupon-stock', t('shop.stock'), 'stock', text('stock', set('stock', 'stock'), 'numeric'))}
        {row('coupon-perBuyer', t('shop.perBuyer'), 'perBuyerLimit', text('perBuyer', set('perBuyer', 'perBuyerLimit'), 'numeric'))}
      </div>
      <p className={styles.note} data-testid="coupon-zone">
        {t('shop.zoneHint', { zone: timeZone })}
      </p>
      <p className={styles.note}>{t('shop.paidByShop')}</p>
      <Button block type="submit" shape="rounded" color="primary" loading={create.isPending} data-testid="shop-coupon-submit">
        {t('shop.submit')}
      </Button>
    </form>
  )
}
